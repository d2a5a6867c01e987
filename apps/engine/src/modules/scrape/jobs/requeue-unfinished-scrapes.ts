import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { RequeueUnfinishedJobs } from '../../../infrastructure/jobs/requeue-unfinished-jobs';
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

  protected unfinishedIds(limit: number): Promise<string[]> {
    return this.jobs.unfinishedIds(limit);
  }

  protected enqueue(id: string): Promise<void> {
    return enqueueScrape(this.queue, id);
  }
}
