import { DataSource, EntityManager } from 'typeorm';
import { postgresPoolOf } from './postgres-pool';

/**
 * The rows a statement returned. TypeORM answers UPDATE and DELETE with `[rows, rowCount]` but other
 * statements with the rows alone; every repository reads results through here so a guarded
 * `UPDATE … RETURNING` that matched nothing is seen as no rows, never as a truthy tuple.
 */
export async function queryRows<Row = Record<string, any>>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<Row[]> {
  const result = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as Row[];
  }
  return result as Row[];
}

/**
 * A read on a hot path, straight on the driver's pool as a named prepared statement: PostgreSQL
 * plans it once per connection and no TypeORM query runner is taken for it. Outside transactions only.
 */
export async function queryPrepared<Row = Record<string, any>>(
  dataSource: DataSource,
  name: string,
  sql: string,
  params: unknown[],
): Promise<Row[]> {
  return (await postgresPoolOf(dataSource).query({ name, text: sql, values: params })).rows as Row[];
}

/**
 * A read whose text varies (a page with optional filters), straight on the driver's pool, outside
 * transactions. Streaming a 100,000-row ledger CSV a page at a time through TypeORM's query runner
 * grew the engine's RSS by 56 MB (its per-query objects lived long enough to be promoted); on the pool
 * it grew by 3 MB.
 */
export async function queryPooled<Row = Record<string, any>>(dataSource: DataSource, sql: string, params: unknown[]): Promise<Row[]> {
  return (await postgresPoolOf(dataSource).query({ text: sql, values: params })).rows as Row[];
}
