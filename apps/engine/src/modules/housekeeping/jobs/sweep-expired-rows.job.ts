import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { warnUnlessUnreachable } from '../../../infrastructure/database/warn-unless-unreachable';
import { PeriodicTask } from '../../../infrastructure/jobs/periodic-task';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { SweepExpiredRowsUseCase } from '../use-cases/sweep-expired-rows.use-case';

/** The first sweep comes this soon after start (or after one interval, when shorter). */
const FIRST_SWEEP_AFTER_MS = 10_000;

/**
 * A timer in every process that runs jobs: shortly after start, then every HOUSEKEEPING_INTERVAL_MS
 * after the last sweep ended, it deletes expired rows. The use-case's advisory lock lets one process
 * sweep at a time; the others skip that turn. A failure (PostgreSQL down) waits for the next turn.
 */
@Injectable()
export class SweepExpiredRowsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SweepExpiredRowsJob.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly sweepExpiredRows: SweepExpiredRowsUseCase,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {
    this.task = new PeriodicTask(config.HOUSEKEEPING_INTERVAL_MS, (signal) => this.sweep(signal));
  }

  onApplicationBootstrap(): void {
    this.task.start(Math.min(FIRST_SWEEP_AFTER_MS, this.config.HOUSEKEEPING_INTERVAL_MS));
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  private async sweep(signal: AbortSignal): Promise<void> {
    const startedAt = Date.now();
    try {
      const swept = await this.sweepExpiredRows.execute({ whenLocked: 'skip', signal });
      if (!swept) {
        this.logger.debug('another engine is sweeping expired rows; this one skips its turn');
        return;
      }
      if (swept.revealQuotes + swept.exportQuotes + swept.sessions + swept.invites > 0) {
        this.logger.log({ ...swept, ms: Date.now() - startedAt }, 'expired rows deleted');
      }
    } catch (error) {
      warnUnlessUnreachable(this.logger, error, 'expired rows not swept now; the next interval tries again');
    }
  }
}
