import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { RedisAvailability } from '../redis/redis-availability';

const BATCH = 1000;

/**
 * A worker queues every unfinished job of one kind again when it starts and whenever Redis comes back.
 * Bull ignores ids it already holds, so this only matters for a job whose queue entry was lost: created
 * while Redis was away, or Redis restarted empty. A job interrupted mid-run is picked up by Bull's
 * stalled-job check and resumes with what was not yet written.
 */
export abstract class RequeueUnfinishedJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  private stopListening: (() => void) | null = null;

  /** Plural, for the log: "exports". */
  protected abstract readonly jobKind: string;
  protected abstract unfinishedIds(limit: number): Promise<string[]>;
  protected abstract enqueue(id: string): Promise<void>;

  constructor(private readonly redisAvailability: RedisAvailability) {}

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
    const ids = await this.unfinishedIds(BATCH);
    for (const id of ids) await this.enqueue(id);
    if (ids.length > 0) this.logger.log({ [this.jobKind]: ids.length }, `unfinished ${this.jobKind} queued again`);
  }
}
