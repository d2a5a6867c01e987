import { isDatabaseUnreachable } from '../database/is-database-unreachable';
import type { PostgresAvailability } from '../database/postgres-availability';

/**
 * Runs a job's work; when PostgreSQL cannot be reached, waits until it is back and runs it again, instead
 * of spending one of the job's attempts (a long outage would spend them all and fail jobs that were
 * fine). The work resumes safely: what it committed stays, what it had not committed is done again.
 */
export async function outlastPostgresOutages<T>(postgres: PostgresAvailability, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      postgres.reportUnreachable();
      await postgres.whenBack();
    }
  }
}
