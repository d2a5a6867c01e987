import type { Queue } from 'bull';
import type { PostgresAvailability } from '../database/postgres-availability';
import type { RedisAvailability } from '../redis/redis-availability';
import { DurableJobKind, enqueueDurableJob } from './job-kind';
import { JobRunner, Unfinished } from './job-runner';

/** The runner of an export, scrape or enrichment kind: its jobs queued again by id, `kind.concurrency` at once. */
export abstract class DurableJobRunner<Payload> extends JobRunner<Payload> {
  protected abstract override readonly kind: DurableJobKind<Payload>;

  constructor(queue: Queue, redisAvailability: RedisAvailability, postgres: PostgresAvailability) {
    super(queue, redisAvailability, postgres);
  }

  protected concurrency(): number {
    return this.kind.concurrency;
  }

  protected async enqueue(jobs: Unfinished[]): Promise<void> {
    for (const { id } of jobs) await enqueueDurableJob(this.queue, this.kind, id);
  }
}
