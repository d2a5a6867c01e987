import { PeriodicTask } from './periodic-task';

/** Resolves once `done()` holds, checking every few milliseconds; a generous budget for a loaded machine. */
async function until(done: () => boolean, budgetMs = 20_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a periodic task', () => {
  it('runs again and again, also after a run that failed, and never after stop', async () => {
    let runs = 0;
    const task = new PeriodicTask(1, async () => {
      runs++;
      if (runs === 2) throw new Error('a failing turn');
    });
    task.start(0);
    await until(() => runs >= 4);
    await task.stop();
    const stoppedAt = runs;
    await sleep(50);
    expect(runs).toBe(stoppedAt);
  });

  it('runs one at a time, and stop aborts the run under way and waits for it', async () => {
    let runs = 0;
    let release = () => undefined as void;
    let signal: AbortSignal | null = null;
    const task = new PeriodicTask(1, (given) => {
      runs++;
      signal = given;
      return new Promise<void>((resolve) => (release = resolve));
    });
    task.start(0);
    await until(() => runs === 1);
    await sleep(30);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await sleep(30);
    expect(signal!.aborted).toBe(true);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(runs).toBe(1);
  });
});
