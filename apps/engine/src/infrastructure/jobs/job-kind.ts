import type { Queue } from 'bull';
import type { ZodType } from 'zod';
import { durableJobOptions } from './durable-job-options';

/** A kind of queued work: the queue and job name it travels under and the payload it carries. */
export interface JobKind<Payload> {
  queue: string;
  name: string;
  payload: ZodType<Payload>;
  /** Singular, for the log: "export attempt failed". */
  noun: string;
  /** Plural, for the log: "unfinished exports queued again". */
  plural: string;
}

/** A job whose row in PostgreSQL is the truth (an export, a scrape, an enrichment): queued by its id, run so many at once. */
export interface DurableJobKind<Payload> extends JobKind<Payload> {
  /** Jobs of this kind one worker runs side by side. */
  concurrency: number;
  payloadOf(id: string): Payload;
}

/** The row's id is the Bull job id, so queueing a job twice runs it once. */
export async function enqueueDurableJob<Payload>(queue: Queue, kind: DurableJobKind<Payload>, id: string): Promise<void> {
  await queue.add(kind.name, kind.payloadOf(id), durableJobOptions(id));
}
