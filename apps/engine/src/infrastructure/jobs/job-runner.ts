import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type { PostgresAvailability } from '../database/postgres-availability';
import type { RedisAvailability } from '../redis/redis-availability';
import type { JobKind } from './job-kind';
import { outlastPostgresOutages } from './outlast-postgres-outages';

const PAGE = 1000;

/** What is queued again: a job (or delivery attempt) known by its id, in id order. */
export interface Unfinished {
  id: string;
}

/** One page of unfinished work after `afterId` (from the start when null), in id order. */
export type UnfinishedPage<Item extends Unfinished> = (afterId: string | null, limit: number) => Promise<Item[]>;

/**
 * Runs one job kind in a process that runs jobs: takes its jobs off the queue (a PostgreSQL outage is
 * waited out, not spent as an attempt), settles a job whose last attempt failed, and queues every
 * unfinished job of the kind again when the worker starts and whenever Redis comes back. Bull ignores
 * ids it already holds, so requeueing only matters for a job whose queue entry was lost (created while
 * Redis was away, or Redis restarted empty) or can no longer run (see DurableJobRunner). A job
 * interrupted mid-run is picked up by Bull's stalled-job check and resumes with what was not yet written.
 */
export abstract class JobRunner<Payload, Item extends Unfinished = Unfinished> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private stopListening: (() => void) | null = null;

  protected abstract readonly kind: JobKind<Payload>;
  protected abstract concurrency(): number;
  protected abstract run(payload: Payload): Promise<void>;
  /** After the job's last attempt failed. */
  protected abstract settleFailed(payload: Payload): Promise<void>;
  protected abstract unfinished(afterId: string | null, limit: number): Promise<Item[]>;
  protected abstract enqueue(items: Item[]): Promise<void>;

  constructor(
    protected readonly queue: Queue,
    protected readonly redisAvailability: RedisAvailability,
    private readonly postgres: PostgresAvailability,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue
      .process(this.kind.name, this.concurrency(), (job: Job) => this.handle(job))
      .catch((error) => this.logger.error({ err: error }, `${this.kind.plural} stopped being taken off the queue`));
    this.queue.on('failed', (job: Job, error: Error) => {
      if (job.name !== this.kind.name) return;
      this.failed(job, error).catch((settling) =>
        this.logger.error({ err: settling, jobId: job.id }, `failed ${this.kind.noun} not settled`),
      );
    });
    await this.requeue();
    this.stopListening = this.redisAvailability.onReturn(() => {
      this.requeue().catch((error) => this.logger.warn({ err: error }, `unfinished ${this.kind.plural} not queued again yet`));
    });
  }

  onApplicationShutdown(): void | Promise<void> {
    this.stopListening?.();
  }

  private async handle(job: Job): Promise<void> {
    const parsed = this.kind.payload.safeParse(job.data);
    if (!parsed.success) return this.logger.warn({ jobId: job.id }, `${this.kind.noun} job with a malformed payload dropped`);
    await outlastPostgresOutages(this.postgres, () => this.run(parsed.data));
  }

  private async failed(job: Job, error: Error): Promise<void> {
    this.logger.warn({ jobId: job.id, attemptsMade: job.attemptsMade, err: error }, `${this.kind.noun} attempt failed`);
    if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
    const parsed = this.kind.payload.safeParse(job.data);
    if (parsed.success) await this.settleFailed(parsed.data);
  }

  private async requeue(): Promise<void> {
    const queued = await this.queuePages((afterId, limit) => this.unfinished(afterId, limit));
    if (queued > 0) this.logger.log({ [this.kind.plural]: queued }, `unfinished ${this.kind.plural} queued again`);
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
