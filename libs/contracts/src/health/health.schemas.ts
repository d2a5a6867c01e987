import { z } from 'zod';

const tableSource = z
  .enum(['snapshot', 'database'])
  .describe('snapshot: read from the snapshot on local disk; database: read from PostgreSQL');

export const leadTableHealthSchema = z
  .discriminatedUnion('state', [
    z.strictObject({
      state: z.literal('not-loaded').describe('Not needed yet: a worker loads it with its first export'),
    }),
    z.strictObject({
      state: z.literal('loading'),
      source: tableSource.nullable(),
      loadedContacts: z.number().int().min(0),
      totalContacts: z.number().int().min(0).nullable().describe('Known once the load has counted the contacts'),
    }),
    z.strictObject({
      state: z.literal('ready'),
      contacts: z.number().int().min(0),
      source: tableSource,
      loadedAt: z.string().describe('ISO 8601'),
      snapshotAgeSeconds: z
        .number()
        .int()
        .min(0)
        .nullable()
        .describe('Age of the snapshot that holds this table; null when none was written'),
      reloading: z.boolean().describe('A newer table is loading in the background; this one answers meanwhile'),
      merging: z.boolean().describe('The deltas are being merged into the segments in the background, one segment at a time'),
      segments: z.number().int().min(1).describe('Tables of ascending seq ranges the loaded contacts are held in'),
      dataVersion: z.string().describe('The lead data version (dataset:version) the table answers at'),
      deltas: z
        .number()
        .int()
        .min(0)
        .describe('Tables of contacts changed since the table was loaded or last merged, held beside its segments until the next merge'),
      deltaContacts: z.number().int().min(0).describe('Contacts in those segments'),
    }),
    z.strictObject({
      state: z.literal('failed'),
      reason: z.string().describe('Why the last load failed; the next lead request tries again'),
    }),
  ])
  .meta({ id: 'LeadTableHealth' });
export type LeadTableHealth = z.infer<typeof leadTableHealthSchema>;

export const healthResponseSchema = z
  .strictObject({
    status: z.enum(['ok', 'degraded']).describe('degraded when PostgreSQL or Redis does not answer'),
    postgres: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down']),
    version: z.string(),
    role: z.enum(['api', 'worker', 'all']),
    leadTable: leadTableHealthSchema,
  })
  .meta({ id: 'Health' });

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessChecksSchema = z
  .strictObject({
    postgres: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down']),
    migrations: z.enum(['current', 'pending', 'unknown']).describe('unknown while PostgreSQL does not answer'),
    leadTable: z
      .enum(['loaded', 'loading', 'failed', 'not-needed'])
      .describe('not-needed for a worker, which loads it with its first export'),
  })
  .meta({ id: 'ReadinessChecks' });
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

export const readinessResponseSchema = z
  .strictObject({
    status: z.literal('ready'),
    checks: readinessChecksSchema,
  })
  .meta({ id: 'Readiness' });
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
