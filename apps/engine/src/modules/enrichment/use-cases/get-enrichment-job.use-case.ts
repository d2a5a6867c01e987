import { Inject, Injectable } from '@nestjs/common';
import type { EnrichmentJobList, EnrichmentJobStatus } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { toEnrichmentJobListEntry, toEnrichmentJobStatus } from '../enrichment-job-view';
import { EnrichmentJobRecord, EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { SettleEnrichmentUseCase } from './settle-enrichment.use-case';

const LISTED_JOBS = 50;

/**
 * How an id that is not a uuid answers: the API's 400 BAD_ID, or in the app, where any id that is not
 * one of the account's jobs answers alike, JOB_NOT_FOUND.
 */
export type MalformedJobId = 'BAD_ID' | 'JOB_NOT_FOUND';

@Injectable()
export class GetEnrichmentJobUseCase {
  constructor(
    private readonly jobs: EnrichmentJobsRepository,
    private readonly settle: SettleEnrichmentUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The job's status. A job whose rows are all enriched but which is not settled yet (its worker died
   * before settling) is settled here, so refunds for empty cells never wait for a worker.
   */
  async execute(accountId: string, jobId: string, malformed: MalformedJobId = 'BAD_ID'): Promise<EnrichmentJobStatus> {
    const record = await this.find(accountId, jobId, malformed);
    if (record.status === 'running' && record.completedRows === record.totalRows) {
      if (await this.settle.execute(record.id, { status: 'completed' }, true))
        return toEnrichmentJobStatus(await this.find(accountId, jobId), this.clock.now());
    }
    return toEnrichmentJobStatus(record, this.clock.now());
  }

  async list(accountId: string): Promise<EnrichmentJobList> {
    return { jobs: (await this.jobs.listRecent(accountId, LISTED_JOBS)).map(toEnrichmentJobListEntry) };
  }

  /** A malformed id is BAD_ID (unless `malformed` says otherwise); an unknown one and another account's are JOB_NOT_FOUND alike. */
  async find(accountId: string, jobId: string, malformed: MalformedJobId = 'BAD_ID'): Promise<EnrichmentJobRecord> {
    if (!isUuid(jobId) && malformed === 'BAD_ID') throw new DomainError('BAD_ID', `${jobId.slice(0, 100)} is not a job id (a uuid).`);
    const record = await this.jobs.findForAccount(accountId, jobId);
    if (!record) throw new DomainError('JOB_NOT_FOUND', `No enrichment job ${jobId.slice(0, 100)} on this account.`);
    return record;
  }
}
