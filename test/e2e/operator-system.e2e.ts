import { errorBodySchema, operatorContactsSchema, OperatorSystem, operatorSystemSchema } from '@lead-engine/contracts';
import Redis from 'ioredis';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ConsoleClient, SignedInUser } from './support/console-session';
import { REPO_ROOT } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const SYSTEM = '/console/api/operator/system';
const CONTACTS = '/console/api/operator/contacts';
const PACKAGE_VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

/** A loopback port nobody listens on: a webhook pointed there fails every attempt and stays pending. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("operator: the System and Contacts pages' API", () => {
  const harness = useHarness({
    label: 'operator_system',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
    env: () => ({
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      WEBHOOK_SECRETS_KEY_FILE: path.join(harness.environment.snapshotDir, 'webhook-secrets.key'),
    }),
  });
  let operator: SignedInUser;
  let redis: Redis;

  beforeAll(async () => {
    operator = await harness.signIn({ operator: true, name: 'Opal Operator' });
    redis = new Redis(harness.environment.redisUrl);
    harness.closeAfterAll(() => redis.quit());
  });

  const system = async (): Promise<OperatorSystem> => {
    const answer = await operator.client.json('GET', SYSTEM);
    expect(answer.status).toBe(200);
    return operatorSystemSchema.parse(answer.body);
  };
  const single = async (sql: string) => Object.values((await harness.query(sql))[0])[0];

  it('tells PostgreSQL, Redis and the migrations as the servers themselves do', async () => {
    const answer = await system();
    expect(answer.version).toBe(PACKAGE_VERSION);

    expect(answer.postgres.version).toBe(await single('SHOW server_version'));
    // The engine writes meanwhile (sessions, jobs), so the size is compared within a margin.
    const databaseBytes = Number(await single('SELECT pg_database_size(current_database())'));
    expect(answer.postgres.database_bytes).toBeGreaterThan(databaseBytes * 0.9);
    expect(answer.postgres.database_bytes).toBeLessThan(databaseBytes * 1.1);
    expect(answer.postgres.connections.total).toBeGreaterThanOrEqual(1);
    expect(answer.postgres.connections.active).toBeGreaterThanOrEqual(1);
    expect(answer.postgres.connections.active).toBeLessThanOrEqual(answer.postgres.connections.total);
    expect(answer.postgres.connections.max).toBe(Number(await single('SHOW max_connections')));

    const info = await redis.info('server');
    expect(answer.redis.version).toBe(/redis_version:(\S+)/.exec(info)![1]);
    expect(answer.redis.used_memory_bytes).toBeGreaterThan(0);
    const maxMemory = Number(/maxmemory:(\d+)/.exec(await redis.info('memory'))![1]);
    expect(answer.redis.max_memory_bytes).toBe(maxMemory === 0 ? null : maxMemory);

    const [newest] = await harness.query<{ name: string; timestamp: string }>(
      'SELECT name, timestamp FROM schema_migrations ORDER BY timestamp DESC LIMIT 1',
    );
    expect(answer.migrations).toEqual({
      applied: Number(await single('SELECT count(*) FROM schema_migrations')),
      last: { name: newest.name, written_at: new Date(Number(newest.timestamp)).toISOString() },
      pending: [],
    });
  });

  it('lists the engine processes that report, each with its role, version and lead table, and forgets one that stops', async () => {
    await until('the lead table to load', async () => ((await http(harness.url, 'GET', '/ready')).status === 200 ? true : undefined));
    const health = await http(harness.url, 'GET', '/health');
    expect(health.body.leadTable).toMatchObject({ state: 'ready', contacts: FIXTURE_CONTACTS.length });

    const worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker' });
    const both = await until(
      'the worker to report',
      async () => {
        const { processes } = await system();
        return processes.some((listed) => listed.pid === worker.child.pid) ? processes : undefined;
      },
      worker.output,
    );
    const answering = both.find((listed) => listed.pid === process.pid)!;
    expect(answering).toEqual({
      id: expect.any(String),
      host: expect.any(String),
      pid: process.pid,
      role: 'all',
      version: PACKAGE_VERSION,
      started_at: expect.any(String),
      last_seen_at: expect.any(String),
      lead_table: {
        state: 'ready',
        source: health.body.leadTable.source,
        contacts: FIXTURE_CONTACTS.length,
        segments: health.body.leadTable.segments,
        deltas: health.body.leadTable.deltas,
        snapshot_age_seconds: health.body.leadTable.snapshotAgeSeconds === null ? null : expect.any(Number),
        changed_at: expect.any(String),
        failure: null,
      },
    });
    expect(Date.parse(answering.lead_table.changed_at!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(answering.started_at)).toBeLessThanOrEqual(Date.parse(answering.last_seen_at));
    expect(both.find((listed) => listed.pid === worker.child.pid)).toMatchObject({
      role: 'worker',
      version: PACKAGE_VERSION,
      lead_table: { state: 'not-loaded', contacts: 0, segments: 0, deltas: 0, changed_at: null },
    });
    expect(both).toHaveLength(2);

    await worker.stop('SIGTERM');
    expect((await system()).processes.map((listed) => listed.pid)).toEqual([process.pid]);
  });

  it('counts a pending webhook delivery in the backlog, with its age', async () => {
    expect((await system()).webhook_backlog).toEqual({ pending: 0, oldest_pending_age_seconds: null });

    const { apiKey } = await harness.createAccount('Backlog account', 100);
    const subscribed = await http(harness.url, 'POST', '/api/v1/webhooks', {
      apiKey,
      body: { url: `http://127.0.0.1:${await closedPort()}/hook`, events: ['credits.low'], creditsLowThreshold: 100 },
    });
    expect(subscribed.status).toBe(201);
    const browsed = await http(harness.url, 'POST', '/api/v1/leads/browse', { apiKey, body: { limit: 1 } });
    const revealed = await http(harness.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds: [browsed.body.leads[0].id] } });
    expect(revealed.status).toBe(200);

    // The first attempt meets the closed port and the delivery waits for its retry, still pending.
    const backlog = await until('the credits.low delivery to be tried', async () => {
      const [tried] = await harness.query('SELECT attempts FROM webhook_deliveries WHERE status = $1 AND attempts > 0', ['pending']);
      return tried ? (await system()).webhook_backlog : undefined;
    });
    expect(backlog.pending).toBe(1);
    expect(backlog.oldest_pending_age_seconds).toBeGreaterThanOrEqual(0);
    expect(backlog.oldest_pending_age_seconds).toBeLessThan(60);
  });

  it('counts the contacts in totals, by country, industry and company size, as the Leads filters count them', async () => {
    const answer = await operator.client.json('GET', CONTACTS);
    expect(answer.status).toBe(200);
    const totals = operatorContactsSchema.parse(answer.body);
    const tallied = (values: string[]) =>
      [...values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<string, number>())]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([value, count]) => ({ value, count }));
    const industryOf = new Map(FIXTURE_COMPANIES.map((company) => [company.domain, company.industry]));
    expect(totals.total).toBe(FIXTURE_CONTACTS.length);
    expect(totals.by_country).toEqual(tallied(FIXTURE_CONTACTS.map((contact) => contact.country)));
    expect(totals.by_industry).toEqual(tallied(FIXTURE_CONTACTS.map((contact) => industryOf.get(contact.company)!)));
    const { apiKey } = await harness.createAccount('Filters', 0);
    const sizes = await http(harness.url, 'GET', '/api/v1/leads/filters?field=company_size', { apiKey });
    expect(totals.by_company_size).toEqual(
      sizes.body.values.map(({ value, count }: { value: string; count: string }) => ({ value, count: Number(count) })),
    );
    expect(totals.by_company_size.reduce((sum, { count }) => sum + count, 0)).toBe(FIXTURE_CONTACTS.length);
  });

  it('refuses a caller without a session (401) and a signed-in user who is not the operator (403), owner or member', async () => {
    const refusal = async (client: ConsoleClient) => {
      const answers = await Promise.all([SYSTEM, CONTACTS].map((path) => client.json('GET', path)));
      const [first, second] = answers.map((answer) => [answer.status, errorBodySchema.parse(answer.body).code]);
      expect(second).toEqual(first);
      return first;
    };
    expect(await refusal(new ConsoleClient(harness.url))).toEqual([401, 'SESSION_REQUIRED']);
    const { accountId } = await harness.createAccount('Not the operator', 10);
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const member = await harness.signIn({ accountId, role: 'member' });
    expect(await refusal(owner.client)).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(member.client)).toEqual([403, 'FORBIDDEN']);
    // An operator who also owns an account is admitted.
    const operatorOwner = await harness.signIn({ accountId, role: 'owner', operator: true });
    expect((await operatorOwner.client.json('GET', SYSTEM)).status).toBe(200);
    expect((await operatorOwner.client.json('GET', CONTACTS)).status).toBe(200);
  });
});
