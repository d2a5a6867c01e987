import { isDatabaseUnreachable } from './is-database-unreachable';

interface LevelledLogger {
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

/**
 * Logs the failure of background work that tries again on its own: a warning, unless PostgreSQL could
 * not be reached, because an outage is said once, by whoever meets it serving a request or a job.
 */
export function warnUnlessUnreachable(logger: LevelledLogger, error: unknown, message: string): void {
  const level = isDatabaseUnreachable(error) ? 'debug' : 'warn';
  logger[level]({ err: error }, message);
}
