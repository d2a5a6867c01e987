const DEADLOCK_DETECTED = '40P01';

/**
 * Runs `work` again when PostgreSQL broke a deadlock by aborting it: the transaction it lost to went
 * through, so the same work, run again, does too. For work that is whole on its own (one statement,
 * or a transaction of its own); a few attempts, then the deadlock is the caller's.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}

export function isDeadlock(error: unknown): boolean {
  const { code, driverError } = error as { code?: string; driverError?: { code?: string } };
  return code === DEADLOCK_DETECTED || driverError?.code === DEADLOCK_DETECTED;
}
