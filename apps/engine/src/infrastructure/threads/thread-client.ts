import { type ResourceLimits, type TransferListItem, Worker } from 'node:worker_threads';
import { threadScript } from './thread-script';

export interface ThreadClientOptions {
  /** What the thread is called in the error its end becomes, e.g. 'the lead changes thread'. */
  name: string;
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
}

/**
 * One thread of the engine's own, started from its compiled script (see threadScript), and the
 * messages it answers, taken one at a time in the order they came. The thread's error, or its end
 * (a crash, a heap bound, close), rejects the take that finds no message left. A thread whose work
 * outlives any one request (a pool of equal tasks is Piscina's, as page reading's) is one of these.
 */
export class ThreadClient<Request, Answer> {
  private readonly worker: Worker;
  private readonly answers: Answer[] = [];
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(script: string, { name, workerData, resourceLimits }: ThreadClientOptions) {
    this.worker = new Worker(threadScript(script), { workerData, resourceLimits });
    this.worker.on('message', (answer: Answer) => {
      this.answers.push(answer);
      this.signal();
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`${name} exited with code ${code} before answering`)));
  }

  /** Whether the thread has failed or ended: a client that keeps a thread starts another. */
  get ended(): boolean {
    return this.failure !== null;
  }

  /** Posts a message; what the transfer list holds moves to the thread without a copy. */
  post(request: Request, transfer: readonly TransferListItem[] = []): void {
    this.worker.postMessage(request, transfer);
  }

  /** The next message the thread sent; one caller waits at a time. */
  async next(): Promise<Answer> {
    while (this.answers.length === 0) {
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    return this.answers.shift() as Answer;
  }

  /** Lets the process end while the thread is idle. */
  unref(): this {
    this.worker.unref();
    return this;
  }

  /** Ends the thread, whatever it is doing; a take waiting for it rejects. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.signal();
  }

  private signal(): void {
    this.wake?.();
    this.wake = null;
  }
}
