/**
 * A process's timer for periodic work: `work` runs `firstAfterMs` after start and then `everyMs` after
 * each run ended, so runs never overlap or pile up; stop() ends the timer, aborts the signal a run under
 * way was given, and waits for that run. The timer never keeps the process alive, and a failed run
 * waits for the next turn (`work` says why in its own log).
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly everyMs: number,
    private readonly work: (signal: AbortSignal) => Promise<void>,
  ) {}

  start(firstAfterMs = this.everyMs): void {
    this.schedule(firstAfterMs);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(afterMs: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.work(this.stopping.signal)
        .catch(() => undefined)
        .finally(() => {
          this.running = null;
          this.schedule(this.everyMs);
        });
    }, afterMs);
    this.timer.unref();
  }
}
