import { DomainError } from '@lead-engine/core';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

export function isLeadSourceUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return error instanceof Error && CONNECTION_MESSAGES.test(error.message);
}

/** Runs work that needs PostgreSQL; losing the connection is LEADS_SOURCE_DOWN, any other failure stays what it is. */
export async function withLeadSource<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isLeadSourceUnreachable(error)) {
      throw new DomainError('LEADS_SOURCE_DOWN', 'The contact database is unreachable; retry shortly.');
    }
    throw error;
  }
}
