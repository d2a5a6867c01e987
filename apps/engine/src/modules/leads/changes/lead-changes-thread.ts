import { Worker } from 'node:worker_threads';
import { threadScript } from '../../../infrastructure/threads/thread-script';
import type { ChangesThreadMessage, ReadChanges, ReadChangesRequest } from './changes-thread-messages';

/** Measured on a change of 50,000 contacts: a peak of +53 MB of RSS with 4 MB, +84 MB with V8's default. */
const YOUNG_GENERATION_MB = 4;

/**
 * The thread that reads an engine's lead changes (see lead-changes.thread), started at the first
 * read and kept for the next, so a one-row change costs no thread start. It reads one change at a
 * time (a catch-up and a whole load's own catch-up may ask together). A thread that fails is
 * replaced at the next read.
 */
export class LeadChangesThread {
  private worker: Worker | null = null;
  private pending: { resolve: (read: ReadChanges) => void; reject: (error: Error) => void } | null = null;
  private reading: Promise<unknown> = Promise.resolve();

  constructor(private readonly databaseUrl: string) {}

  /** The changes since the request's version; a read asked for during another waits for it to end. */
  read(request: ReadChangesRequest): Promise<ReadChanges> {
    const read = this.reading.then(() => this.readNow(request));
    this.reading = read.catch(() => undefined);
    return read;
  }

  private readNow(request: ReadChangesRequest): Promise<ReadChanges> {
    const worker = this.worker ?? this.start();
    return new Promise<ReadChanges>((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(threadScript('modules/leads/changes/lead-changes.thread.js'), {
      workerData: { databaseUrl: this.databaseUrl },
      // A small young generation: the thread's garbage is a change's rows, and its heap stays in the engine's RSS.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // An idle reader never keeps the engine running.
    worker.unref();
    worker.on('message', (message: ChangesThreadMessage) => {
      const pending = this.settle();
      if ('error' in message) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.read);
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.settle()?.reject(error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the lead changes thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private settle() {
    const pending = this.pending;
    this.pending = null;
    return pending;
  }
}
