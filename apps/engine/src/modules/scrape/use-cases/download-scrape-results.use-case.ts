import { Injectable } from '@nestjs/common';
import type { ScrapeResultsCsvQuery } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { Readable } from 'node:stream';
import { toScrapeResultItem } from '../scrape-result-item-view';
import { scrapeResultsCsvHeader, scrapeResultsCsvRows } from '../scrape-results-csv';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';

const ROWS_PER_READ = 300;

export interface ScrapeResultsDownload {
  filename: string;
  body: Readable;
}

/**
 * A scrape's finished sites as CSV, free, in order of completion, read a keyset page at a time only as
 * fast as the client takes it: 50,000 site texts stream in the memory of one page.
 */
@Injectable()
export class DownloadScrapeResultsUseCase {
  constructor(private readonly jobs: ScrapeJobsRepository) {}

  async execute(accountId: string, jobId: string, query: Omit<ScrapeResultsCsvQuery, 'excel'>): Promise<ScrapeResultsDownload> {
    const job = await this.jobs.findForAccount(accountId, jobId);
    if (!job) throw new DomainError('JOB_NOT_FOUND', `No scrape job ${jobId} on this account.`);
    const { id } = job;
    const jobs = this.jobs;
    async function* csv(): AsyncGenerator<Buffer> {
      yield scrapeResultsCsvHeader();
      let after = 0;
      for (;;) {
        const rows = await jobs.resultsAfter(id, { after, limit: ROWS_PER_READ, outcome: query.status });
        if (rows.length > 0) yield scrapeResultsCsvRows(rows.map(toScrapeResultItem));
        if (rows.length < ROWS_PER_READ) return;
        after = rows[rows.length - 1].completion;
      }
    }
    return { filename: `scrape-${job.id.slice(0, 8)}.csv`, body: Readable.from(csv(), { objectMode: false }) };
  }
}
