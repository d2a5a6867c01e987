import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryPooled } from '../../../infrastructure/database/query-rows';

export interface PostgresOverview {
  version: string;
  databaseBytes: number;
  connections: { total: number; active: number; max: number };
}

export interface MigrationsOverview {
  appliedNames: string[];
  /** The migrations this engine would run, oldest first. */
  knownNames: string[];
}

/** The PostgreSQL server's figures, each read from its statistics and settings, never by counting a table. */
@Injectable()
export class PostgresOverviewRepository {
  constructor(private readonly dataSource: DataSource) {}

  async server(): Promise<PostgresOverview> {
    const [row] = await queryPooled<{ version: string; bytes: string; total: string; active: string; max: string }>(
      this.dataSource,
      `SELECT current_setting('server_version') AS version,
              pg_database_size(current_database()) AS bytes,
              count(*) AS total,
              count(*) FILTER (WHERE state = 'active') AS active,
              current_setting('max_connections') AS max
         FROM pg_stat_activity
        WHERE datname = current_database()`,
      [],
    );
    return {
      version: row.version,
      databaseBytes: Number(row.bytes),
      connections: { total: Number(row.total), active: Number(row.active), max: Number(row.max) },
    };
  }

  /** The applied migrations' names: one row per migration ever written, a few dozen. */
  async migrations(): Promise<MigrationsOverview> {
    const rows = await queryPooled<{ name: string }>(this.dataSource, 'SELECT name FROM schema_migrations ORDER BY timestamp, id', []);
    return {
      appliedNames: rows.map((row) => row.name),
      knownNames: this.dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name),
    };
  }
}
