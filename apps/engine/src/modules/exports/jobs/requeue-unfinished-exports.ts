import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { RequeueUnfinishedJobs } from '../../../infrastructure/jobs/requeue-unfinished-jobs';
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

  protected unfinishedIds(limit: number): Promise<string[]> {
    return this.exports.unfinishedIds(limit);
  }

  protected enqueue(id: string): Promise<void> {
    return enqueueExport(this.queue, id);
  }
}
