import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';
import { enqueueScrape } from './enqueue-scrape';

const BATCH = 1000;

/**
 * A worker that starts queues every unsettled scrape job again; Bull ignores ids it already holds, so
 * this only matters for a job whose queue entry was lost. A job interrupted mid-run is picked up by
 * Bull's stalled-job check and resumes with what was not yet written.
 */
@Injectable()
export class RequeueUnfinishedScrapes implements OnApplicationBootstrap {
  private readonly logger = new Logger(RequeueUnfinishedScrapes.name);

  constructor(
    private readonly jobs: ScrapeJobsRepository,
    @InjectQueue(QUEUE_NAMES.scrape) private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const ids = await this.jobs.unfinishedIds(BATCH);
    for (const id of ids) await enqueueScrape(this.queue, id);
    if (ids.length > 0) this.logger.log({ scrapes: ids.length }, 'unfinished scrape jobs queued again');
  }
}
