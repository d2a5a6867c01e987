import { Inject, Injectable } from '@nestjs/common';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';

/**
 * One read at a time per site in this process, with SCRAPE_SITE_INTERVAL_MS between the end of one
 * read and the start of the next, so a job full of one company's subdomains does not hammer it.
 */
@Injectable()
export class SitePoliteness {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  async visit<T>(site: string, read: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(site);
    let release!: () => void;
    const tail = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(site, tail);
    try {
      if (previous) await previous;
      return await read();
    } finally {
      const interval = this.config.SCRAPE_SITE_INTERVAL_MS;
      const done = () => {
        if (this.tails.get(site) === tail) this.tails.delete(site);
        release();
      };
      if (interval > 0) setTimeout(done, interval).unref();
      else done();
    }
  }
}
