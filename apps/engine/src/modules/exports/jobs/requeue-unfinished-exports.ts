import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { RequeueUnfinishedJobs, Unfinished } from '../../../infrastructure/jobs/requeue-unfinished-jobs';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { ExportsRepository } from '../exports.repository';
import { enqueueExport } from './enqueue-export';

@Injectable()
export class RequeueUnfinishedExports extends RequeueUnfinishedJobs {
  protected readonly jobKind = 'exports';

  constructor(
    private readonly exports: ExportsRepository,
    @InjectQueue(QUEUE_NAMES.exports) private readonly queue: Queue,
    redisAvailability: RedisAvailability,
  ) {
    super(redisAvailability);
  }

  protected unfinished(afterId: string | null, limit: number): Promise<Unfinished[]> {
    return this.exports.unfinished(afterId, limit);
  }

  protected async enqueue(jobs: Unfinished[]): Promise<void> {
    for (const { id } of jobs) await enqueueExport(this.queue, id);
  }
}
