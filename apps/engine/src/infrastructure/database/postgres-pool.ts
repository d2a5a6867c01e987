import type { Pool } from 'pg';
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
