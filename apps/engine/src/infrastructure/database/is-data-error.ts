/**
 * PostgreSQL refused the values themselves (SQLSTATE class 22, data exception: a NUL in text, an
 * invalid byte sequence, a value out of range; class 54: a value past a limit such as an index row's
 * size): the same values fail every time, unlike a lost connection or a deadlock.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}
