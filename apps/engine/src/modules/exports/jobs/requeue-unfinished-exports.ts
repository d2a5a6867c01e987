import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { ExportsRepository } from '../exports.repository';
import { enqueueExport } from './enqueue-export';

const BATCH = 1000;

/**
 * A worker that starts queues every unfinished export again. Bull ignores ids it already holds, so
 * this only matters for an export whose queue entry was lost (created while Redis was failing, or
 * Redis flushed); an export interrupted mid-delivery is picked up by Bull's stalled-job check.
 */
@Injectable()
export class RequeueUnfinishedExports implements OnApplicationBootstrap {
  private readonly logger = new Logger(RequeueUnfinishedExports.name);

  constructor(
    private readonly exports: ExportsRepository,
    @InjectQueue(QUEUE_NAMES.exports) private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const ids = await this.exports.unfinishedIds(BATCH);
    for (const id of ids) await enqueueExport(this.queue, id);
    if (ids.length > 0) this.logger.log({ exports: ids.length }, 'unfinished exports queued again');
  }
}
