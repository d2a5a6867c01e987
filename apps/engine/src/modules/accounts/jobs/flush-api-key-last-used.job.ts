import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { ApiKeyLastUsed } from '../api-key-last-used';

/**
 * A timer in every API process: each API_KEY_LAST_USED_FLUSH_MS it offers to write the keys' noted uses
 * to PostgreSQL; a lock in Redis lets one engine do it per interval however many run.
 */
@Injectable()
export class FlushApiKeyLastUsedJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FlushApiKeyLastUsedJob.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly lastUsed: ApiKeyLastUsed,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.API_KEY_LAST_USED_FLUSH_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.lastUsed
      .flush()
      .then(() => undefined)
      .catch((error) => this.logger.warn({ err: error }, "could not write the keys' last use; the next interval tries again"))
      .finally(() => (this.running = null));
    await this.running;
  }
}
