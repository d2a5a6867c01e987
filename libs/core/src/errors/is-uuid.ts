const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The textual form PostgreSQL's uuid type accepts from us; anything else cannot name a row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
