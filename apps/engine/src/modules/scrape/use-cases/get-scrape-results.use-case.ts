import { Injectable } from '@nestjs/common';
import type { ScrapeResults, ScrapeResultsQuery } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { toScrapeResultItem } from '../scrape-result-item-view';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';

@Injectable()
export class GetScrapeResultsUseCase {
  constructor(private readonly jobs: ScrapeJobsRepository) {}

  /**
   * A page of finished items in order of completion. While the job runs, `next_offset` always points
   * past what was returned, so polling with it picks up items as they finish; once the job is
   * settled it is null when nothing follows. The job is read first, so a settled job's page is final.
   */
  async execute(accountId: string, jobId: string, query: ScrapeResultsQuery): Promise<ScrapeResults> {
    const job = await this.jobs.findForAccount(accountId, jobId);
    if (!job) throw new DomainError('JOB_NOT_FOUND', `No scrape job ${jobId} on this account.`);
    const rows = await this.jobs.results(jobId, { offset: query.offset, limit: query.limit + 1, outcome: query.status });
    const items = rows.slice(0, query.limit).map(toScrapeResultItem);
    const settled = job.status === 'completed' || job.status === 'failed';
    const more = rows.length > query.limit;
    return {
      job_id: job.id,
      status: job.status,
      offset: query.offset,
      items,
      next_offset: more || !settled ? query.offset + items.length : null,
    };
  }
}
