import { UsagePage, UsageQueryInput } from '@lead-engine/contracts';
import { CONSOLE_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import { Client } from 'pg';
import { dropDatabase, engineEnv as benchEngineEnv, withDatabase } from './support/bench-database';
import { cli, ENGINE_MAIN, timed } from './support/engine-cli';
import { acceptInvite } from './support/accept-invite';
import { freePort, startNodeProcess } from './support/processes';
import { RssSampler } from './support/rss-sampler';
import { formatMs, percentile } from './support/stats';

const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_USAGE_REQUESTS ?? 200);
const HISTORY_DAYS = 3 * 365;
const KEYS = 6;

interface Row {
  what: string;
  p50: number;
  p95: number;
  items: string;
}

/**
 * An account with years of ledger history (1,000,000 rows by default, inserted in bulk the way the
 * ledger's statement trigger sees a big insert), then the app's reads of it through HTTP with a session:
 * the Usage page's first page and filtered pages, the Overview's 30-day chart, and the whole ledger as CSV
 * with the engine's resident memory sampled while it streams.
 */
export async function runUsageBenchmark(): Promise<void> {
  const database = `le_bench_usage_${Date.now().toString(36)}`;
  const env = { ...benchEngineEnv(database), ENGINE_ROLE: 'api', PUBLIC_URL: 'http://127.0.0.1' };
  const rows: Row[] = [];
  try {
    const migrate = await startNodeProcess(ENGINE_MAIN, [], env, '/health', await freePort());
    await migrate.stop();
    const account = await cli(['accounts:create', '--name', 'Years of history', '--credits', '1'], env);
    const owner = await cli(['users:invite', '--account', account.accountId, '--email', 'owner@bench.test', '--role', 'owner'], env);
    const member = await cli(['users:invite', '--account', account.accountId, '--email', 'member@bench.test', '--role', 'member'], env);
    const keys: string[] = [];
    for (let index = 0; index < KEYS; index++)
      keys.push((await cli(['keys:create', '--account', account.accountId, '--name', `Key ${index}`], env)).keyId);
    await withDatabase(database, (client) =>
      client.query('UPDATE api_keys SET created_by_user_id = $2 WHERE id = ANY($1::uuid[])', [keys.slice(0, 2), member.userId]),
    );

    process.stderr.write(`inserting ${LEDGER_ROWS.toLocaleString('en-US')} ledger rows over ${HISTORY_DAYS} days…\n`);
    const inserted = await timed(() => withDatabase(database, (client) => insertHistory(client, account.accountId, keys)));
    process.stderr.write(`inserted in ${(inserted.ms / 1000).toFixed(1)} s\n`);

    const engine = await startNodeProcess(ENGINE_MAIN, [], env, '/health', await freePort());
    try {
      const cookie = (await acceptInvite(engine.url, owner.inviteUrl)).header;
      const { call, url } = createApiClient(CONSOLE_OPERATIONS, { baseUrl: engine.url, headers: { cookie } });
      const usage = (query: UsageQueryInput = {}) => call('consoleListUsage', { query });
      const measure = async <T>(what: string, get: () => Promise<T>, count: (body: T) => string) => {
        process.stderr.write(`measuring ${what}…\n`);
        for (let warm = 0; warm < 20; warm++) await get();
        const times: number[] = [];
        let body!: T;
        for (let request = 0; request < REQUESTS; request++) {
          const started = performance.now();
          body = await get();
          times.push(performance.now() - started);
        }
        rows.push({ what, p50: percentile(times, 0.5), p95: percentile(times, 0.95), items: count(body) });
      };
      const items = (body: UsagePage) => `${body.items.length} rows`;
      const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const monthAfter = new Date(Date.now() - 335 * 86_400_000).toISOString().slice(0, 10);
      await measure('Usage, first page', () => usage(), items);
      const firstPage = await usage();
      await measure('Usage, second page (cursor)', () => usage({ cursor: firstPage.next_cursor! }), items);
      await measure('Usage, kind=icp', () => usage({ kind: ['icp'] }), items);
      await measure(
        `Usage, kind=scrape, ${yearAgo} to ${monthAfter}`,
        () => usage({ kind: ['scrape'], from: yearAgo, to: monthAfter }),
        items,
      );
      await measure('Usage, one key', () => usage({ key: keys[3] }), items);
      await measure('Usage, one user (2 keys)', () => usage({ user: member.userId }), items);
      await measure(
        'Overview (30-day chart)',
        () => call('consoleGetOverview'),
        (body) => `${body.days.length} days`,
      );

      process.stderr.write('downloading the whole ledger as CSV…\n');
      const sampler = new RssSampler(engine.child.pid!, 50).start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = Math.min(...sampler.samples.map(({ rssMb }) => rssMb));
      const started = performance.now();
      const response = await fetch(url('consoleDownloadUsage'), { headers: { cookie } });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      const ended = performance.now();
      sampler.stop();
      const peak = sampler.peakBetween(started, ended);
      process.stdout.write(
        [
          `usage benchmark: one account, ${LEDGER_ROWS.toLocaleString('en-US')} ledger rows over ${HISTORY_DAYS} days (bulk insert ${(inserted.ms / 1000).toFixed(1)} s), ${REQUESTS} sequential requests per row after 20 warm-up, engine ENGINE_ROLE=api`,
          `${'request'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}  answer`,
          ...rows.map((row) => `${row.what.padEnd(44)} ${formatMs(row.p50).padStart(7)} ${formatMs(row.p95).padStart(7)}  ${row.items}`),
          `CSV of the whole ledger: ${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${((ended - started) / 1000).toFixed(1)} s; engine RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (growth ${(peak - before).toFixed(0)} MB)`,
        ].join('\n') + '\n',
      );
    } finally {
      await engine.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') process.stderr.write(`kept the database ${database}\n`);
    else await dropDatabase(database);
  }
}

/**
 * Rows spread evenly over the last HISTORY_DAYS days with the product's mix: reveals and ICP scores most
 * often, scrape and enrichment holds with their refunds, exports, and a monthly grant that keeps the
 * balance positive. The account's totals are then set from the ledger, so the invariant holds.
 */
async function insertHistory(client: Client, accountId: string, keys: string[]): Promise<void> {
  await client.query(
    `INSERT INTO credit_ledger (account_id, kind, amount, reason, reference, api_key_id, created_at)
     SELECT $1, m.kind, m.amount, m.reason,
            CASE WHEN m.prefix IS NULL THEN NULL ELSE m.prefix || ':' || gen_random_uuid() END,
            ($3::uuid[])[1 + (n % array_length($3::uuid[], 1))],
            now() - ($4::int * interval '1 day') * (1 - n::float8 / $2)
     FROM generate_series(1, $2) AS n
     CROSS JOIN LATERAL (
       SELECT * FROM (VALUES
         (0, 'spend', 1 + (n % 40), 'reveal', 'reveal'),
         (1, 'spend', 1, 'icp score', 'icp'),
         (2, 'hold', 1 + (n % 25), 'scrape', 'scrape'),
         (3, 'refund', 1 + (n % 3), 'scrape refund', 'scrape'),
         (4, 'spend', 1 + (n % 500), 'export', 'export'),
         (5, 'hold', 4 * (1 + n % 100), 'enrichment', 'enrichment'),
         (6, 'spend', 1 + (n % 40), 'reveal', 'reveal'),
         (7, 'spend', 1, 'icp score', 'icp'),
         (8, 'spend', 1 + (n % 40), 'reveal', 'reveal'),
         (9, 'grant', 5000, 'operator grant', NULL)
       ) AS mix (slot, kind, amount, reason, prefix)
       WHERE mix.slot = n % 10
     ) AS m`,
    [accountId, LEDGER_ROWS, keys, HISTORY_DAYS],
  );
  await client.query(
    `UPDATE accounts a SET total_earned = s.earned, total_spent = s.spent, balance = s.earned - s.spent
     FROM (SELECT COALESCE(SUM(amount) FILTER (WHERE kind = 'grant'), 0) AS earned,
                  COALESCE(SUM(CASE kind WHEN 'spend' THEN amount WHEN 'hold' THEN amount WHEN 'refund' THEN -amount ELSE 0 END), 0) AS spent
           FROM credit_ledger WHERE account_id = $1) s
     WHERE a.id = $1`,
    [accountId],
  );
  // Years of history would have been vacuumed long ago; a fresh bulk insert has not.
  await client.query('VACUUM ANALYZE credit_ledger');
  await client.query('VACUUM ANALYZE credit_ledger_days');
}
