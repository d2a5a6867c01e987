import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { EngineProcess } from './engine-under-test';

export interface Watched {
  /** VmRSS when the watch began and its highest sample, in MB. */
  before: number;
  peak: number;
  growth: number;
  /** The slowest /health answer while watched. */
  worstHealthMs: number;
  healthAnswers: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : 0;
}

/**
 * Watches an engine process while a test does something hostile to it: its RSS every 20 ms, and
 * /health asked every 100 ms, one at a time, keeping its slowest answer. `stop` prints the figures.
 */
export function watchEngine(engine: EngineProcess) {
  const pid = engine.child.pid!;
  const before = rssMb(pid);
  let peak = before;
  let worstHealthMs = 0;
  let healthAnswers = 0;
  let running = true;
  const rssTimer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const health = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${engine.url}/health`);
      await response.text();
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      healthAnswers += 1;
      await sleep(100);
    }
  })();
  return {
    async stop(label: string): Promise<Watched> {
      running = false;
      await health;
      clearInterval(rssTimer);
      peak = Math.max(peak, rssMb(pid));
      const watched = {
        before: Math.round(before),
        peak: Math.round(peak),
        growth: Math.round(peak - before),
        worstHealthMs: Math.round(worstHealthMs),
        healthAnswers,
      };
      console.log(
        `${label}: RSS ${watched.before} MB before, ${watched.peak} MB peak (+${watched.growth}); /health worst ${watched.worstHealthMs} ms of ${healthAnswers}`,
      );
      return watched;
    },
  };
}
