import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** The pg pool TypeORM's PostgreSQL driver connects through (its public `master`, typed `any` there). */
export const postgresPoolOf = (dataSource: DataSource): Pool => (dataSource.driver as PostgresDriver).master as Pool;

export interface PostgresPoolConnections {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** This process's PostgreSQL connections by state, and the queries waiting for one. */
export function postgresPoolConnections(dataSource: DataSource): PostgresPoolConnections {
  const pool = postgresPoolOf(dataSource);
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/**
 * Runs `work` on a pooled connection of its own (COPY, which TypeORM's query runner cannot stream). A
 * connection whose work failed is closed rather than returned to the pool, since it may be mid-COPY.
 */
export async function withPooledConnection<T>(dataSource: DataSource, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await postgresPoolOf(dataSource).connect();
  let result: T;
  try {
    result = await work(client);
  } catch (error) {
    client.release(true);
    throw error;
  }
  client.release();
  return result;
}
