import { processMemory } from './process-memory';

/** Resident memory of a process, read from /proc every `everyMs` until stopped, each reading with its time. */
export class RssSampler {
  readonly samples: Array<{ at: number; rssMb: number }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pid: number,
    private readonly everyMs = 100,
  ) {}

  start(): this {
    const read = async () => {
      try {
        this.samples.push({ at: performance.now(), rssMb: (await processMemory(this.pid)).rssMb });
      } catch {
        // the process has exited; its last readings stand
      }
      if (this.timer !== null) this.timer = setTimeout(read, this.everyMs);
    };
    this.timer = setTimeout(read, 0);
    return this;
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The highest reading taken from `from` to `to` (performance.now() times). */
  peakBetween(from: number, to: number): number {
    const readings = this.samples.filter(({ at }) => at >= from && at <= to).map(({ rssMb }) => rssMb);
    return readings.length === 0 ? NaN : Math.max(...readings);
  }
}
