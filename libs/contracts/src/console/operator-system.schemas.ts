import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';

const count = z.number().int().min(0);

export const operatorPostgresSchema = z
  .strictObject({
    version: z.string().describe('The server version, as SHOW server_version answers'),
    database_bytes: count.describe("The engine's database on disk (pg_database_size)"),
    connections: z
      .strictObject({
        total: count.describe('Connections to the database now, every client included'),
        active: count.describe('Of those, the ones running a statement now'),
        max: count.describe("The server's max_connections"),
      })
      .describe("Connections to the engine's database"),
  })
  .meta({ id: 'OperatorPostgres', description: "The PostgreSQL server and the engine's database on it" });
export type OperatorPostgres = z.infer<typeof operatorPostgresSchema>;

export const operatorRedisSchema = z
  .strictObject({
    version: z.string().describe('redis_version of INFO server'),
    used_memory_bytes: count.describe('used_memory of INFO memory'),
    max_memory_bytes: count.nullable().describe('maxmemory of INFO memory; null: no limit is set'),
  })
  .meta({ id: 'OperatorRedis', description: 'The Redis server the engine uses' });
export type OperatorRedis = z.infer<typeof operatorRedisSchema>;

export const operatorMigrationsSchema = z
  .strictObject({
    applied: count.describe('Migrations applied to the database'),
    last: z
      .strictObject({
        name: z.string().describe('Its name, which ends with its timestamp'),
        written_at: isoDateTime.describe('The timestamp in its name: when it was written (the database records no time of applying)'),
      })
      .nullable()
      .describe('The newest migration applied; null: none'),
    pending: z
      .array(z.string())
      .describe('Migrations this engine knows that the database lacks, oldest first; the engine runs them when it starts'),
  })
  .meta({ id: 'OperatorMigrations', description: "The database schema's migrations" });
export type OperatorMigrations = z.infer<typeof operatorMigrationsSchema>;

export const operatorLeadTableSchema = z
  .strictObject({
    state: z
      .enum(['not-loaded', 'loading', 'ready', 'failed'])
      .describe('not-loaded: not needed yet (a worker loads it with its first export)'),
    source: z
      .enum(['snapshot', 'database'])
      .nullable()
      .describe('Read from the snapshot on local disk or from PostgreSQL; null before a load knows'),
    contacts: count.describe('Contacts in the table; while loading, the ones loaded so far'),
    segments: count.describe('Tables of ascending seq ranges the contacts are held in; 0 until ready'),
    deltas: count.describe('Tables of contacts changed since the last load or merge, held beside the segments; 0 until ready'),
    snapshot_age_seconds: count.nullable().describe('Age of the snapshot that holds the table now; null when none was written'),
    changed_at: isoDateTime.nullable().describe('When the table last changed (a load, a delta, a merge); null until ready'),
    failure: z.string().nullable().describe('Why the last load failed; null unless failed'),
  })
  .meta({ id: 'OperatorLeadTable', description: "A process's in-memory lead table, as the process last reported it" });
export type OperatorLeadTable = z.infer<typeof operatorLeadTableSchema>;

export const operatorEngineProcessSchema = z
  .strictObject({
    id: z.string().describe('Chosen by the process when it starts'),
    host: z.string().describe('The host name of the machine or container it runs on'),
    pid: z.number().int().min(1).describe('Its process id on that host'),
    role: z.enum(['api', 'worker', 'all']).describe('ENGINE_ROLE: api serves HTTP, worker runs jobs, all does both'),
    version: z.string().describe('The engine version it runs'),
    started_at: isoDateTime,
    last_seen_at: isoDateTime.describe('Its latest report; a running process reports every 10 seconds'),
    lead_table: operatorLeadTableSchema,
  })
  .meta({ id: 'OperatorEngineProcess', description: 'An engine process that reported in the last minute' });
export type OperatorEngineProcess = z.infer<typeof operatorEngineProcessSchema>;

export const operatorWebhookBacklogSchema = z
  .strictObject({
    pending: count.describe('Deliveries not yet delivered nor given up, counted up to 100,000 (more show as 100000)'),
    oldest_pending_age_seconds: count.nullable().describe('How long the oldest pending delivery has waited; null: none pending'),
  })
  .meta({ id: 'OperatorWebhookBacklog', description: 'Webhook deliveries waiting to be delivered' });
export type OperatorWebhookBacklog = z.infer<typeof operatorWebhookBacklogSchema>;

export const operatorSystemSchema = z
  .strictObject({
    version: z.string().describe('The engine version of the process that answers'),
    postgres: operatorPostgresSchema,
    redis: operatorRedisSchema,
    migrations: operatorMigrationsSchema,
    processes: z
      .array(operatorEngineProcessSchema)
      .describe('Engine processes seen in the last minute, each with its lead table, the longest running first'),
    webhook_backlog: operatorWebhookBacklogSchema,
  })
  .meta({ id: 'OperatorSystem', description: 'The state of the server: its databases, migrations, engine processes and webhook backlog' });
export type OperatorSystem = z.infer<typeof operatorSystemSchema>;
