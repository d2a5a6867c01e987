import { Inject, Injectable } from '@nestjs/common';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';

/** At most SCRAPE_CONCURRENCY site reads at once in this process, across every job it runs. */
@Injectable()
export class ScrapeSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  get size(): number {
    return this.config.SCRAPE_CONCURRENCY;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
