import { Injectable } from '@nestjs/common';
import type { ScrapeJob, ScrapeJobList } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { toScrapeJob } from '../scrape-job-view';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';

const LISTED_JOBS = 50;

@Injectable()
export class GetScrapeJobUseCase {
  constructor(private readonly jobs: ScrapeJobsRepository) {}

  /** Another account's job, an unknown id and a malformed one all answer JOB_NOT_FOUND. */
  async execute(accountId: string, jobId: string): Promise<ScrapeJob> {
    const record = await this.jobs.findForAccount(accountId, jobId);
    if (!record) throw new DomainError('JOB_NOT_FOUND', `No scrape job ${jobId} on this account.`);
    return toScrapeJob(record);
  }

  async list(accountId: string): Promise<ScrapeJobList> {
    return { jobs: (await this.jobs.listRecent(accountId, LISTED_JOBS)).map(toScrapeJob) };
  }
}
