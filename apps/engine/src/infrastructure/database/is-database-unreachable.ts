const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** True when an error means PostgreSQL could not be reached, as opposed to a query that failed. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  const driverError = (error as { driverError?: unknown })?.driverError;
  if (driverError && driverError !== error && isDatabaseUnreachable(driverError)) return true;
  return error instanceof Error && CONNECTION_MESSAGES.test(error.message);
}
