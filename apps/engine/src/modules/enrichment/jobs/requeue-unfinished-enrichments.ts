import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { enqueueEnrichment } from './enqueue-enrichment';

const BATCH = 1000;

/**
 * A worker that starts queues every unsettled enrichment job again; Bull ignores ids it already holds,
 * so this only matters for a job whose queue entry was lost. A job interrupted mid-run is picked up by
 * Bull's stalled-job check and resumes with the rows not yet written.
 */
@Injectable()
export class RequeueUnfinishedEnrichments implements OnApplicationBootstrap {
  private readonly logger = new Logger(RequeueUnfinishedEnrichments.name);

  constructor(
    private readonly jobs: EnrichmentJobsRepository,
    @InjectQueue(QUEUE_NAMES.enrichment) private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const ids = await this.jobs.unfinishedIds(BATCH);
    for (const id of ids) await enqueueEnrichment(this.queue, id);
    if (ids.length > 0) this.logger.log({ enrichments: ids.length }, 'unfinished enrichment jobs queued again');
  }
}
