import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { writeRefusedValuesAlone } from '../../../infrastructure/database/write-refused-values-alone';
import { EnrichedRow, EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { EnrichedRowWriter } from '../enriched-row-writer';
import { RowEnricher } from '../row-enricher';
import { SettleEnrichmentUseCase } from './settle-enrichment.use-case';

/**
 * Runs a job to its end: the rows not yet enriched are enriched and written as they finish, then the
 * job is settled. Run again after a crash, it enriches only the rows that were not written. An AI
 * provider that cannot answer fails the job at once, and the whole hold is refunded.
 */
@Injectable()
export class RunEnrichmentUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: EnrichmentJobsRepository,
    private readonly enricher: RowEnricher,
    private readonly settle: SettleEnrichmentUseCase,
  ) {}

  async execute(jobId: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    await this.jobs.markRunning(jobId);
    const writer = new EnrichedRowWriter((rows) => this.record(jobId, rows));
    try {
      await this.enricher.enrich(job, await this.jobs.pendingRows(jobId), (row) => writer.add(row));
      await writer.close();
    } catch (error) {
      await writer.close().catch(() => undefined);
      if (error instanceof DomainError && error.code === 'AI_SERVICE_UNAVAILABLE') {
        await this.settle.execute(jobId, { status: 'failed', error: `AI service unavailable: ${error.message}` });
        return;
      }
      throw error;
    }
    await this.settle.execute(jobId, { status: 'completed' });
  }

  /** A row PostgreSQL refuses for its values is written blank (so refunded): one row never fails the job. */
  private record(jobId: string, rows: EnrichedRow[]): Promise<void> {
    return writeRefusedValuesAlone(
      rows,
      (batch) => this.recordBatch(jobId, batch),
      (row) => ({ ...row, output: {} }),
    );
  }

  private async recordBatch(jobId: string, rows: EnrichedRow[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const job = await this.jobs.lock(manager, jobId);
      if (job?.status !== 'running') return;
      await this.jobs.recordRows(manager, jobId, rows);
    });
  }
}
