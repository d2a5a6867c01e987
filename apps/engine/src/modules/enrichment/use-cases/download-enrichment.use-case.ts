import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { Readable } from 'node:stream';
import { enrichmentCsvHeader, enrichmentCsvRows } from '../enrichment-csv-writer';
import { EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { GetEnrichmentJobUseCase, MalformedJobId } from './get-enrichment-job.use-case';

const ROWS_PER_READ = 1000;

export interface EnrichmentDownload {
  filename: string;
  rows: number;
  body: Readable;
}

@Injectable()
export class DownloadEnrichmentUseCase {
  constructor(
    private readonly jobs: EnrichmentJobsRepository,
    private readonly getJob: GetEnrichmentJobUseCase,
  ) {}

  /** The result CSV, read from the job's rows a thousand at a time as the client takes it. */
  async execute(accountId: string, jobId: string, malformed: MalformedJobId = 'BAD_ID'): Promise<EnrichmentDownload> {
    const job = await this.getJob.find(accountId, jobId, malformed);
    if (job.status !== 'completed') {
      throw new DomainError(
        'JOB_NOT_READY',
        job.status === 'failed'
          ? `The job failed (${job.error ?? 'no detail'}); it has no result.`
          : `The job is ${job.status}; download it once it is completed.`,
      );
    }
    const jobs = this.jobs;
    async function* csv(): AsyncGenerator<Buffer> {
      yield enrichmentCsvHeader(job.headers, job.fields);
      for (let after = 0; ;) {
        const rows = await jobs.resultRows(job.id, after, ROWS_PER_READ);
        if (rows.length === 0) return;
        yield enrichmentCsvRows(rows, job.fields);
        after = rows[rows.length - 1].position;
      }
    }
    const base =
      job.originalFilename
        .replace(/\.csv$/i, '')
        .replace(/[^\w.-]+/g, '_')
        .slice(0, 100) || 'upload';
    return { filename: `${base}-enriched.csv`, rows: job.totalRows, body: Readable.from(csv()) };
  }
}
