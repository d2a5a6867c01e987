import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { RequeueUnfinishedJobs, Unfinished } from '../../../infrastructure/jobs/requeue-unfinished-jobs';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { enqueueEnrichment } from './enqueue-enrichment';

@Injectable()
export class RequeueUnfinishedEnrichments extends RequeueUnfinishedJobs {
  protected readonly jobKind = 'enrichment jobs';

  constructor(
    private readonly jobs: EnrichmentJobsRepository,
    @InjectQueue(QUEUE_NAMES.enrichment) private readonly queue: Queue,
    redisAvailability: RedisAvailability,
  ) {
    super(redisAvailability);
  }

  protected unfinished(afterId: string | null, limit: number): Promise<Unfinished[]> {
    return this.jobs.unfinished(afterId, limit);
  }

  protected async enqueue(jobs: Unfinished[]): Promise<void> {
    for (const { id } of jobs) await enqueueEnrichment(this.queue, id);
  }
}
