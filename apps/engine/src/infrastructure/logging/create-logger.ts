import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger as PinoLogger, LevelWithSilent } from 'pino';

/**
 * Structured JSON lines; the CLI passes file descriptor 2 so stdout stays for its result, and a test
 * may pass a stream to read them. Request URLs are logged through redactUrl.
 */
export function createLogger(
  level: LevelWithSilent,
  base: Record<string, unknown> = {},
  destination: 1 | 2 | DestinationStream = 1,
): PinoLogger {
  return pino(
    {
      level,
      base: { service: 'lead-engine', pid: process.pid, ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'apiKey'], censor: '[redacted]' },
    },
    typeof destination === 'number' ? pino.destination({ fd: destination, sync: destination === 2 }) : destination,
  );
}

/** Nest's logger calls become structured pino lines: `(object, message, context)` or `(message, context)`. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: PinoLogger) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
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
