import { z } from 'zod';

export const healthResponseSchema = z
  .strictObject({
    status: z.enum(['ok', 'degraded']).describe('degraded when PostgreSQL or Redis does not answer'),
    postgres: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down']),
    version: z.string(),
    role: z.enum(['api', 'worker', 'all']),
  })
  .meta({ id: 'Health' });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
