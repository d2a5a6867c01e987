import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { SETTLE_ALLOWANCES_JOB } from './settle-allowances.job';

/** A repeatable job: however many workers start, Bull keeps one schedule for it. */
@Injectable()
export class ScheduleAllowanceSettlement implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QUEUE_NAMES.billing) private readonly queue: Queue,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.add(
      SETTLE_ALLOWANCES_JOB,
      {},
      { repeat: { every: this.config.PLAN_REFILL_INTERVAL_MS }, jobId: SETTLE_ALLOWANCES_JOB, removeOnComplete: 10, removeOnFail: 50 },
    );
  }
}
