import { DEFAULT_RETRY_DELAYS_SECONDS } from '@lead-engine/core';
import { BlockList, isIP } from 'node:net';
import { availableParallelism } from 'node:os';
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

// The names proxy-addr (Fastify's trustProxy) knows for ranges: 127.0.0.1/8 and ::1, fe80::/10 …, 10.0.0.0/8 … and fc00::/7.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`) that node:net reads as one. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  try {
    new BlockList().addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * Which peers' X-Forwarded-For (and -Host, -Proto) is believed: `false`; a number of proxy hops in front of
 * the engine (`true` is one: the peer is the proxy, the entry it appended is the client); or the proxies'
 * addresses and ranges, comma-separated (the client is the last address not among them). Never every hop:
 * a client writes the first entries of X-Forwarded-For itself.
 */
const trustedProxies = z
  .string()
  .default('false')
  .transform((value, context): false | number | string[] => {
    const word = value.toLowerCase();
    if (word === 'false' || word === 'no' || word === '0') return false;
    if (word === 'true' || word === 'yes') return 1;
    if (/^\d+$/.test(word)) return Number(word);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
    if (wrong.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be false, true (one proxy), a number of proxies, or their addresses and CIDR ranges comma-separated ' +
        `(e.g. 10.0.0.5,10.20.0.0/16); not an address or range: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  });

const cidrList = z
  .string()
  .regex(/^\s*[0-9a-fA-F:.]+\/\d{1,3}\s*(,\s*[0-9a-fA-F:.]+\/\d{1,3}\s*)*$/, 'comma-separated CIDR ranges, e.g. 10.20.0.0/16')
  .optional();

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
  // Contacts the demo data set generates (seed 1) on a database without contacts.
  DEMO_CONTACT_COUNT: z.coerce.number().int().min(0).default(100_000),
  ENGINE_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  RATE_LIMIT_RPS: positiveInt(10),
  RATE_LIMIT_BURST: positiveInt(20),
  TRUST_PROXY: trustedProxies,
  // A request's headers and its whole body must arrive within HTTP_REQUEST_TIMEOUT_MS (else 408 and the
  // connection is closed), its headers within HTTP_HEADERS_TIMEOUT_MS; a connection with nothing sent
  // either way for HTTP_CONNECTION_TIMEOUT_MS is closed (longer than the slowest handler, an ICP score's
  // AI retries), an idle kept-alive one after HTTP_KEEP_ALIVE_TIMEOUT_MS.
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(60_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(10_000),
  HTTP_CONNECTION_TIMEOUT_MS: positiveInt(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt(72_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: short readable lines (pino-pretty, in a worker thread) when stdout is a terminal, JSON lines otherwise.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: url(['http:', 'https:']).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  // One chat-completions request of the openai provider, and how many tries (429, 5xx, timeouts, malformed answers) before giving up.
  AI_TIMEOUT_MS: positiveInt(30_000),
  AI_MAX_ATTEMPTS: positiveInt(3),
  // Rows one enrichment job works on at once (website reads and AI calls).
  ENRICHMENT_CONCURRENCY: positiveInt(32),
  SCRAPE_PROXY_URL: url(['http:']).optional(),
  SCRAPE_ALLOW_PRIVATE_NETWORKS: booleanFlag(false),
  SCRAPE_RESPECT_ROBOTS: booleanFlag(true),
  // Site reads running at once in one worker process, and the pause between two reads of the same site.
  // CIDR ranges read even though they are private (e.g. 10.20.0.0/16), while the rest stays refused.
  SCRAPE_ALLOWED_NETWORKS: cidrList,
  SCRAPE_CONCURRENCY: positiveInt(64),
  SCRAPE_SITE_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  SCRAPE_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  // Budget of one whole site read: robots.txt, every redirect and the page.
  SCRAPE_TIMEOUT_MS: positiveInt(20_000),
  SCRAPE_MAX_BODY_BYTES: positiveInt(2 * 1024 * 1024),
  SCRAPE_MAX_TEXT_CHARS: positiveInt(10_000),
  // Threads that read fetched pages (decode, parse, judge) beside the threads that serve requests; one core is left to those.
  SCRAPE_READING_THREADS: positiveInt(Math.max(1, Math.min(4, availableParallelism() - 1))),
  SCRAPE_USER_AGENT: z.string().min(1).default('LeadEngine/1.1 (+https://github.com/lead-engine)'),
  // PEM file of extra certificate authorities trusted for https sites, besides the system's.
  SCRAPE_CA_FILE: z.string().min(1).optional(),
  // DNS servers (host or host:port, comma separated) asked for scrape targets instead of the system resolver.
  SCRAPE_DNS_SERVERS: z.string().min(1).optional(),
  // Ports for http:// and https:// URLs that name none (tests and benchmarks point them at loopback servers).
  SCRAPE_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(80),
  SCRAPE_HTTPS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  // How often the API keys' last use, noted in Redis, is written to PostgreSQL (by one engine at a time).
  API_KEY_LAST_USED_FLUSH_MS: positiveInt(60_000),
  PLAN_REFILL_INTERVAL_MS: positiveInt(60 * 60 * 1000),
  // How often a process that runs jobs deletes expired quotes, ended sessions and expired invite links (one at a time).
  HOUSEKEEPING_INTERVAL_MS: positiveInt(60 * 60 * 1000),
  // A count predicted to take longer than this is estimated from COUNT_SAMPLE_ROWS evenly spaced contacts.
  COUNT_EXACT_BUDGET_MS: z.coerce.number().int().min(0).default(300),
  COUNT_SAMPLE_ROWS: positiveInt(1_000_000),
  // What one count, browse or export quote may read of job titles and company descriptions on the serving
  // thread for its text filters (uncached term searches); past it the request is refused with a 400.
  LEAD_QUERY_TEXT_BUDGET_MB: z.coerce.number().positive().default(512),
  // Browse stops counting its total once the page is filled and this much time has passed; the total is then estimated.
  BROWSE_EXACT_TOTAL_BUDGET_MS: z.coerce.number().int().min(0).default(25),
  // Memory for the accounts' revealed rows kept between browses (least recently used out); 0 keeps none.
  REVEAL_CACHE_MB: z.coerce.number().min(0).default(256),
  // Where the lead table is kept between restarts (one file per database); `off` writes and reads none.
  // Blank counts as unset, like every variable, so turning snapshots off takes a word of its own.
  LEAD_SNAPSHOT_DIR: z
    .string()
    .default('.lead-engine/snapshots')
    .transform((value) => (value.toLowerCase() === 'off' ? null : value)),
  // The fewest contacts a segment of the lead table holds; a table is cut into about 8 segments of at least this many.
  LEAD_SEGMENT_MIN_ROWS: positiveInt(131_072),
  // How long a lead request waits for a lead table that is still loading before answering 503 LEADS_SOURCE_DOWN.
  LEAD_TABLE_WAIT_MS: z.coerce.number().int().min(0).default(2000),
  // How long a worker holds a job before Bull considers it stalled and gives it to another worker.
  JOB_LOCK_MS: positiveInt(30_000),
  // How long a quote_reveal quote (MCP) may be paid with reveal_leads.
  MCP_QUOTE_TTL_MS: positiveInt(10 * 60 * 1000),
  // How long a signed export download link (MCP get_export) works.
  EXPORT_LINK_TTL_MS: positiveInt(15 * 60 * 1000),
  // The key that encrypts webhook signing secrets at rest; every engine process of one database must have the same.
  WEBHOOK_SECRETS_KEY: z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be the base64 of 32 random bytes, e.g. the output of `openssl rand -base64 32`',
    )
    .optional(),
  // Without WEBHOOK_SECRETS_KEY: the key file, created (mode 0600) the first time a secret is stored.
  WEBHOOK_SECRETS_KEY_FILE: z.string().min(1).default('.lead-engine/webhook-secrets.key'),
  // Seconds to wait after each failed delivery attempt, the last repeated until the retry window ends.
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default(DEFAULT_RETRY_DELAYS_SECONDS.join(','))
    .refine(
      (value) => value.split(',').every((part) => /^\d+(\.\d+)?$/.test(part.trim()) && Number(part) > 0),
      'must be a comma-separated list of positive numbers of seconds, e.g. 5,30,120,600,1800,3600',
    )
    .transform((value) => value.split(',').map((part) => Math.round(Number(part) * 1000))),
  // How long after its first attempt a delivery is retried before it is marked failed.
  WEBHOOK_RETRY_WINDOW_HOURS: z.coerce.number().positive().default(24),
  // How long an endpoint may fail every delivery before it is disabled.
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().default(72),
  // How long one delivery attempt may take, connection to the end of the response.
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  // Webhook endpoints are public addresses only, whatever the SCRAPE_* settings allow; these open private ones.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag(false),
  WEBHOOK_ALLOWED_NETWORKS: cidrList,
  // Deliveries a worker makes at once, and at most how many of them go to one endpoint.
  WEBHOOK_CONCURRENCY: positiveInt(64),
  WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(8),
  // Where people reach the engine: the base of the invite and reset links the operator CLI prints (default http://localhost:PORT).
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  // Web pages, besides the engine's own, whose scripts may call /mcp from a browser: origins, comma-separated (https://agent.example.com); any other Origin is refused.
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
        const origin = URL.canParse(entry) ? new URL(entry) : null;
        if (!origin || !['http:', 'https:'].includes(origin.protocol) || origin.pathname !== '/' || origin.search || origin.hash || origin.username) {
          context.addIssue({ code: 'custom', message: `${entry} is not an origin (http(s)://host[:port])` });
          return z.NEVER;
        }
        origins.push(origin.origin);
      }
      return origins;
    }),
  // The first wait after 5 failed sign-ins for one email, doubling with each further failure up to 15 minutes.
  SIGN_IN_BASE_WAIT_MS: positiveInt(30_000),
  // GET /metrics (Prometheus text format); `off` answers 404. With METRICS_TOKEN set a scrape must send `Authorization: Bearer <token>`.
  METRICS: z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on' || value === 'true' || value === '1' || value === 'yes'),
  METRICS_TOKEN: z.string().min(1).optional(),
  // A worker serves no API: on this port it serves /metrics alone (unset: a worker serves none).
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** Rules across variables, checked on the raw values so they are reported together with every other problem. */
export function crossVariableProblems(input: Record<string, string>): string[] {
  const problems: string[] = [];
  if (input.AI_PROVIDER === 'openai' && !input.AI_BASE_URL) {
    problems.push('AI_BASE_URL: is required when AI_PROVIDER is openai');
  }
  if (input.AI_PROVIDER === 'openai' && !input.AI_MODEL) {
    problems.push('AI_MODEL: is required when AI_PROVIDER is openai');
  }
  return problems;
}

export type EngineConfig = z.infer<typeof engineConfigSchema>;
export type EngineRole = EngineConfig['ENGINE_ROLE'];
