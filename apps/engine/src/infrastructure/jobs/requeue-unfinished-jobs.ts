import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { RedisAvailability } from '../redis/redis-availability';

const PAGE = 1000;

/** What is queued again: a job (or delivery attempt) known by its id, in id order. */
export interface Unfinished {
  id: string;
}

/** One page of unfinished work after `afterId` (from the start when null), in id order. */
export type UnfinishedPage<Item extends Unfinished> = (afterId: string | null, limit: number) => Promise<Item[]>;

/**
 * A worker queues every unfinished job of one kind again when it starts and whenever Redis comes back.
 * Bull ignores ids it already holds, so this only matters for a job whose queue entry was lost: created
 * while Redis was away, or Redis restarted empty. A job interrupted mid-run is picked up by Bull's
 * stalled-job check and resumes with what was not yet written.
 */
export abstract class RequeueUnfinishedJobs<Item extends Unfinished = Unfinished> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private stopListening: (() => void) | null = null;

  /** Plural, for the log: "exports". */
  protected abstract readonly jobKind: string;
  protected abstract unfinished(afterId: string | null, limit: number): Promise<Item[]>;
  protected abstract enqueue(items: Item[]): Promise<void>;

  constructor(protected readonly redisAvailability: RedisAvailability) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.requeue();
    this.stopListening = this.redisAvailability.onReturn(() => {
      this.requeue().catch((error) => this.logger.warn({ err: error }, `unfinished ${this.jobKind} not queued again yet`));
    });
  }

  onApplicationShutdown(): void {
    this.stopListening?.();
  }

  private async requeue(): Promise<void> {
    const queued = await this.queuePages((afterId, limit) => this.unfinished(afterId, limit));
    if (queued > 0) this.logger.log({ [this.jobKind]: queued }, `unfinished ${this.jobKind} queued again`);
  }

  /** Queues every page `pages` gives, one after the other; how many were queued. */
  protected async queuePages(pages: UnfinishedPage<Item>): Promise<number> {
    let queued = 0;
    for (let afterId: string | null = null; ;) {
      const page = await pages(afterId, PAGE);
      if (page.length === 0) return queued;
      await this.enqueue(page);
      queued += page.length;
      afterId = page[page.length - 1].id;
    }
  }
}
