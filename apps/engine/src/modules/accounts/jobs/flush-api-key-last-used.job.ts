import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { PeriodicTask } from '../../../infrastructure/jobs/periodic-task';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { ApiKeyLastUsed } from '../api-key-last-used';

/**
 * A timer in every API process: each API_KEY_LAST_USED_FLUSH_MS it offers to write the keys' noted uses
 * to PostgreSQL; a lock in Redis lets one engine do it per interval however many run.
 */
@Injectable()
export class FlushApiKeyLastUsedJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FlushApiKeyLastUsedJob.name);
  private readonly task: PeriodicTask;

  constructor(lastUsed: ApiKeyLastUsed, @Inject(ENGINE_CONFIG) config: EngineConfig) {
    this.task = new PeriodicTask(config.API_KEY_LAST_USED_FLUSH_MS, () =>
      lastUsed
        .flush()
        .then(() => undefined)
        .catch((error) => this.logger.warn({ err: error }, "could not write the keys' last use; the next interval tries again")),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
