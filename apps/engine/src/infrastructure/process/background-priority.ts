import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The niceness of work that should never slow the requests an engine serves on the same host: a bulk
 * import, the threads that read changes and load the table. The scheduler still gives it every core
 * nothing else wants; it only loses when the host is short of CPU.
 */
export const BACKGROUND_NICENESS = 10;

/** Lowers one thread or process (by id; 0 is the calling thread) to `niceness`, never raising it; false when the system refused. */
function lower(id: number, niceness: number): boolean {
  try {
    if (getPriority(id) < niceness) setPriority(id, niceness);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the calling thread in the background. Linux keeps a niceness per thread, so this lowers the
 * thread that calls it (a worker thread, say) and leaves the others as they are.
 */
export function runThisThreadInBackground(niceness = BACKGROUND_NICENESS): boolean {
  return lower(0, niceness);
}

/**
 * Runs the whole process in the background: every thread it has now (the main thread, V8's and
 * libuv's), and, as threads take their starter's niceness, every thread the main thread starts later.
 */
export function runProcessInBackground(niceness = BACKGROUND_NICENESS): boolean {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc: a system where niceness is per process.
    return lower(0, niceness);
  }
  // A thread that ended between the listing and its turn is no failure.
  return threads.map((thread) => lower(thread, niceness)).some(Boolean);
}
