import type { LeadDataPosition, TransferableLeadTable } from '@lead-engine/core';
import { ThreadClient } from '../../../infrastructure/threads/thread-client';

/** Measured on a change of 50,000 contacts: a peak of +53 MB of RSS with 4 MB, +84 MB with V8's default. */
const YOUNG_GENERATION_MB = 4;

/** What the changes are read for: the version a live table answers at, where it was loaded, and its base's size. */
export interface ReadChangesRequest {
  /** The number after the colon of the table's lead data version. */
  sinceVersion: number;
  loaded: LeadDataPosition;
  baseSize: number;
}

/** The changes since the version asked for, as a delta built over a company store of its own (see adoptDelta). */
export interface ReadChanges {
  /** The lead data version the changes bring the table to. */
  dataVersion: string;
  /** Why the table is to be loaded whole instead (nothing was read then); null when the delta holds the changes. */
  loadWholeBecause: string | null;
  /** One segment over its own store; null when no contact changed or the table is to be loaded whole. */
  delta: TransferableLeadTable | null;
  /** Milliseconds the thread took, from the request to the delta built. */
  ms: number;
}

/** The changes thread's answer to one request. */
export type ReadChangesAnswer = { read: ReadChanges } | { error: { message: string } };

/**
 * The thread that reads an engine's lead changes (see lead-changes.thread), started at the first
 * read and kept for the next, so a one-row change costs no thread start. It reads one change at a
 * time (a catch-up and a whole load's own catch-up may ask together). A thread that fails is
 * replaced at the next read.
 */
export class LeadChangesReader {
  private thread: ThreadClient<ReadChangesRequest, ReadChangesAnswer> | null = null;
  private reading: Promise<unknown> = Promise.resolve();

  constructor(private readonly databaseUrl: string) {}

  /** The changes since the request's version; a read asked for during another waits for it to end. */
  read(request: ReadChangesRequest): Promise<ReadChanges> {
    const read = this.reading.then(() => this.readNow(request));
    this.reading = read.catch(() => undefined);
    return read;
  }

  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.close();
  }

  private async readNow(request: ReadChangesRequest): Promise<ReadChanges> {
    if (!this.thread || this.thread.ended) this.thread = this.start();
    this.thread.post(request);
    const answer = await this.thread.next();
    if ('error' in answer) throw new Error(answer.error.message);
    return answer.read;
  }

  private start(): ThreadClient<ReadChangesRequest, ReadChangesAnswer> {
    return new ThreadClient<ReadChangesRequest, ReadChangesAnswer>('modules/leads/threads/lead-changes.thread.js', {
      name: 'the lead changes thread',
      workerData: { databaseUrl: this.databaseUrl },
      // A small young generation: the thread's garbage is a change's rows, and its heap stays in the engine's RSS.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    }).unref(); // an idle reader never keeps the engine running
  }
}
