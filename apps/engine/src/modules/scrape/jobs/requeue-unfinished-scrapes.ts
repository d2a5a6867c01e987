import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { RequeueUnfinishedJobs, Unfinished } from '../../../infrastructure/jobs/requeue-unfinished-jobs';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';
import { enqueueScrape } from './enqueue-scrape';

@Injectable()
export class RequeueUnfinishedScrapes extends RequeueUnfinishedJobs {
  protected readonly jobKind = 'scrape jobs';

  constructor(
    private readonly jobs: ScrapeJobsRepository,
    @InjectQueue(QUEUE_NAMES.scrape) private readonly queue: Queue,
    redisAvailability: RedisAvailability,
  ) {
    super(redisAvailability);
  }

  protected unfinished(afterId: string | null, limit: number): Promise<Unfinished[]> {
    return this.jobs.unfinished(afterId, limit);
  }

  protected async enqueue(jobs: Unfinished[]): Promise<void> {
    for (const { id } of jobs) await enqueueScrape(this.queue, id);
  }
}
