import type { JobStatus, Queue } from 'bull';
import type { PostgresAvailability } from '../database/postgres-availability';
import type { RedisAvailability } from '../redis/redis-availability';
import { DurableJobKind, enqueueDurableJob } from './job-kind';
import { JobRunner, Unfinished } from './job-runner';

/** Where a Bull entry still goes on to run; from any other state ('completed', 'failed', 'stuck') it never does. */
const STATES_THAT_RUN = new Set<JobStatus | 'stuck'>(['waiting', 'active', 'delayed', 'paused']);

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
    for (const { id } of jobs) {
      if (await this.freeItsId(id)) await enqueueDurableJob(this.queue, this.kind, id);
    }
  }

  /**
   * Bull ignores an id it already holds, so an entry that will never run keeps an unfinished job from
   * running at all: one Bull failed or completed while PostgreSQL never heard (the settling was lost),
   * or a husk without the job's data (written by a command Bull sent again once Redis was back empty).
   * Such an entry is removed; false when it could not be (it is then left for the next requeue).
   */
  private async freeItsId(id: string): Promise<boolean> {
    const held = await this.queue.getJob(id);
    if (!held) return true;
    const state = await held.getState();
    const carriesTheJob = held.name === this.kind.name && this.kind.payload.safeParse(held.data).success;
    if (carriesTheJob && STATES_THAT_RUN.has(state)) return true;
    try {
      await held.remove();
    } catch (error) {
      this.logger.warn({ jobId: id, state, err: error }, `${this.kind.noun} held by Bull where it never runs, not freed yet`);
      return false;
    }
    // What an outage of Redis leaves behind, and mended here: worth a line, not a warning.
    this.logger.log({ jobId: id, state }, `${this.kind.noun} held by Bull where it never runs: queued again`);
    return true;
  }
}
