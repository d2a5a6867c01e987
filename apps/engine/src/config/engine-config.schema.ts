import { z } from 'zod';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

export const engineConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/lead_engine'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]+$/, 'letters, digits, colon, dash or underscore')
    .default('lead-engine'),
  DEMO_DATA: booleanFlag(true),
  ENGINE_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  RATE_LIMIT_RPS: positiveInt(10),
  RATE_LIMIT_BURST: positiveInt(20),
  TRUST_PROXY: booleanFlag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: url(['http:', 'https:']).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  SCRAPE_PROXY_URL: url(['http:']).optional(),
  SCRAPE_ALLOW_PRIVATE_NETWORKS: booleanFlag(false),
  SCRAPE_RESPECT_ROBOTS: booleanFlag(true),
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  PLAN_REFILL_INTERVAL_MS: positiveInt(60 * 60 * 1000),
  // A count predicted to take longer than this is estimated from COUNT_SAMPLE_ROWS evenly spaced contacts.
  COUNT_EXACT_BUDGET_MS: z.coerce.number().int().min(0).default(300),
  COUNT_SAMPLE_ROWS: positiveInt(1_000_000),
  // How long a worker holds a job before Bull considers it stalled and gives it to another worker.
  JOB_LOCK_MS: positiveInt(30_000),
});

/** Rules across variables, checked on the raw values so they are reported together with every other problem. */
export function crossVariableProblems(input: Record<string, string>): string[] {
  const problems: string[] = [];
  if (input.AI_PROVIDER === 'openai' && !input.AI_BASE_URL) {
    problems.push('AI_BASE_URL: is required when AI_PROVIDER is openai');
  }
  return problems;
}

export type EngineConfig = z.infer<typeof engineConfigSchema>;
export type EngineRole = EngineConfig['ENGINE_ROLE'];
