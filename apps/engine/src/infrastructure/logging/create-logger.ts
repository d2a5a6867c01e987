import { LoggerService } from '@nestjs/common';
import { isatty } from 'node:tty';
import path from 'node:path';
import pino, { DestinationStream, Logger as PinoLogger, LevelWithSilent } from 'pino';

/** How log lines look: JSON lines for machines, or short lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT=auto: pretty when the file descriptor is a terminal, JSON otherwise (pipes, files, containers). */
export function resolveLogFormat(setting: 'auto' | LogFormat, fd: 1 | 2 = 1): LogFormat {
  if (setting !== 'auto') return setting;
  return isatty(fd) ? 'pretty' : 'json';
}

/** pino-pretty is a development dependency: a production install (`npm ci --omit=dev`) has none, and logs JSON. */
function prettyPrinterInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Structured JSON lines; the CLI passes file descriptor 2 so stdout stays for its result, and a test
 * may pass a stream to read them. Request URLs are logged through redactUrl. `pretty` formats the lines
 * in a worker thread (a pino transport running pretty-transport.js), never on the thread that serves.
 */
export function createLogger(
  level: LevelWithSilent,
  base: Record<string, unknown> = {},
  destination: 1 | 2 | DestinationStream = 1,
  format: LogFormat = 'json',
): PinoLogger {
  const redact = { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'apiKey'], censor: '[redacted]' };
  const pretty = format === 'pretty' && typeof destination === 'number' && prettyPrinterInstalled();
  if (pretty) {
    const colorize = isatty(destination) && !process.env.NO_COLOR;
    return pino(
      { level, base: { service: 'lead-engine', pid: process.pid, ...base }, redact },
      pino.transport({ target: path.join(__dirname, 'pretty-transport.js'), options: { destination, colorize } }),
    );
  }
  const logger = pino(
    {
      level,
      base: { service: 'lead-engine', pid: process.pid, ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact,
    },
    typeof destination === 'number' ? pino.destination({ fd: destination, sync: destination === 2 }) : destination,
  );
  if (format === 'pretty' && !pretty && typeof destination === 'number') {
    logger.warn('LOG_FORMAT=pretty needs pino-pretty, which this install lacks (npm ci --omit=dev); logging JSON');
  }
  return logger;
}

/**
 * Writes out what the logger holds before the process exits: a JSON logger flushes, a pretty one's
 * thread is ended and waited for (at most a second), else the last lines ("shut down cleanly") are lost.
 */
export function closeLogger(logger: PinoLogger): Promise<void> {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    (NodeJS.WritableStream & { worker?: unknown; once(event: 'close', listener: () => void): unknown }) | undefined;
  if (!stream || !stream.worker) {
    logger.flush();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.end();
  });
}

/** Nest's start-up chatter (every route mapped, every module initialised) is debug, not info. */
const START_UP_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader', 'NestFactory', 'NestApplication']);

/** Nest's logger calls become structured pino lines: `(object, message, context)` or `(message, context)`. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: PinoLogger) {}

  log(message: unknown, ...rest: unknown[]) {
    const context = rest[rest.length - 1];
    this.write(typeof context === 'string' && START_UP_CONTEXTS.has(context) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      const text = typeof rest[0] === 'string' ? rest[0] : undefined;
      this.pino[level]({ context, ...(message as object) }, text);
    } else if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
    } else {
      const stack = typeof rest[0] === 'string' ? rest[0] : undefined;
      this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
