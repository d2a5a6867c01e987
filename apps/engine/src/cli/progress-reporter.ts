import { Presets, SingleBar } from 'cli-progress';
import type { Logger } from 'pino';

const LOG_EVERY_MS = 2_000;

export interface ProgressReporter {
  /** `done` of `total` units; `detail` is shown on the bar and logged with each line. */
  update(done: number, detail: Record<string, number | null>): void;
  stop(): void;
}

/**
 * Progress of a long command on stderr: a bar when stderr is a terminal, otherwise a structured log line
 * every two seconds (stdout stays for the command's result).
 */
export function createProgressReporter(options: {
  task: string;
  total: number;
  /** cli-progress tokens for the detail, e.g. `{rows} rows`. */
  format: string;
  /** The detail before the first update. */
  initial: Record<string, number | null>;
  logger: Logger;
}): ProgressReporter {
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      { stream: process.stderr, format: `${options.task} {bar} {percentage}% | ${options.format} | ETA {eta_formatted}`, hideCursor: true },
      Presets.shades_classic,
    );
    bar.start(Math.max(options.total, 1), 0, options.initial);
    return {
      update: (done, detail) => bar.update(done, detail),
      stop: () => bar.stop(),
    };
  }
  let loggedAt = Date.now();
  return {
    update: (done, detail) => {
      if (Date.now() - loggedAt < LOG_EVERY_MS) return;
      loggedAt = Date.now();
      const percent = options.total > 0 ? Math.floor((100 * done) / options.total) : 100;
      options.logger.info({ task: options.task, percent, ...detail }, `${options.task} ${percent}%`);
    },
    stop: () => undefined,
  };
}
