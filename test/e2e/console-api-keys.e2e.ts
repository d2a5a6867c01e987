import { ApiKeyList, ApiKeyView, CreatedApiKey, errorBodySchema } from '@lead-engine/contracts';
import { expectConsoleGuards } from './support/console-guards';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('console: the API keys page over HTTP', () => {
  const harness = useHarness({
    label: 'console_api_keys',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
    env: { API_KEY_LAST_USED_FLUSH_MS: '200', PUBLIC_URL: 'https://leads.example.com/' },
  });
  let accountId: string;
  let owner: SignedInUser;
  let member: SignedInUser;

  beforeAll(async () => {
    ({ accountId } = await harness.createAccount('Keys account', 100));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    member = await harness.signIn({ accountId, role: 'member', name: 'Max Member' });
  });

  const list = async (user: SignedInUser) => {
    const listed = await user.client.json<ApiKeyList>('GET', '/console/api/keys');
    expect(listed.status).toBe(200);
    return listed.body.items;
  };
  const create = async (user: SignedInUser, name: string) => {
    const created = await user.client.json<CreatedApiKey>('POST', '/console/api/keys', { body: { name } });
    expect(created.status).toBe(201);
    return created.body;
  };
  const credits = (key: string) => http(harness.url, 'GET', '/api/v1/credits', { apiKey: key });

  it('create → the key works on /api/v1 → last used (flushed to PostgreSQL) → spend of a reveal → rename → revoke → 401 at once', async () => {
    const created = await create(owner, '  Zapier production  ');
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Zapier production',
      prefix: created.key.slice(0, 20),
      created_at: expect.any(String),
      key: expect.stringMatching(/^le_live_[A-Za-z0-9_-]{43}$/),
      curl: `curl -H "X-API-Key: ${created.key}" https://leads.example.com/api/v1/credits`,
    });
    const [stored] = await harness.query('SELECT created_by_user_id, last_used_at, secret_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(stored).toMatchObject({ created_by_user_id: owner.userId, last_used_at: null });
    expect(stored.secret_hash.toString('utf8')).not.toContain(created.key.slice(20));

    const item = (await list(owner)).find((key) => key.id === created.id)!;
    expect(item).toEqual({
      id: created.id,
      name: 'Zapier production',
      prefix: created.prefix,
      created_at: created.created_at,
      created_by: { id: owner.userId, name: 'Olivia Owner' },
      last_used_at: null,
      credits_spent_30d: 0,
      budget: null,
    });

    const usedFrom = Date.now();
    const balance = await credits(created.key);
    expect(balance.status).toBe(200);
    expect(balance.body.balance).toBe(100);
    const flushed = await until('last_used_at written to PostgreSQL', async () => {
      const [row] = await harness.query('SELECT last_used_at FROM api_keys WHERE id = $1', [created.id]);
      return row.last_used_at ?? undefined;
    });
    expect(flushed.getTime()).toBeGreaterThanOrEqual(usedFrom - 1000);
    expect(flushed.getTime()).toBeLessThanOrEqual(Date.now());
    const lastUsed = (await list(owner)).find((key) => key.id === created.id)!.last_used_at;
    expect(lastUsed).toBe(flushed.toISOString());

    const revealed = await http(harness.url, 'POST', '/api/v1/leads/reveal', {
      apiKey: created.key,
      body: { leadIds: FIXTURE_CONTACTS.slice(0, 3).map((contact) => contact.id) },
    });
    expect(revealed.status).toBe(200);
    expect((await list(owner)).find((key) => key.id === created.id)!.credits_spent_30d).toBe(3);

    const renamed = await owner.client.json<ApiKeyView>('PATCH', `/console/api/keys/${created.id}`, { body: { name: 'Zapier (old)' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: created.id,
      name: 'Zapier (old)',
      prefix: created.prefix,
      created_at: created.created_at,
      created_by: { id: owner.userId, name: 'Olivia Owner' },
      last_used_at: lastUsed,
    });
    expect((await list(owner)).find((key) => key.id === created.id)!.name).toBe('Zapier (old)');

    expect((await credits(created.key)).status).toBe(200);
    const revoked = await owner.client.request('DELETE', `/console/api/keys/${created.id}`);
    expect(revoked.status).toBe(204);
    const refused = await credits(created.key);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_API_KEY');
    expect((await list(owner)).map((key) => key.id)).not.toContain(created.id);
    const again = await owner.client.request('DELETE', `/console/api/keys/${created.id}`);
    expect([again.status, await codeOf(again)]).toEqual([404, 'NOT_FOUND']);
  });

  it('counts what the account paid through a key in the last 30 days: spends and holds less refunds, not grants or older rows', async () => {
    // Rows written straight into the ledger of an account of their own, so no other account's balance disagrees with them.
    const sums = await harness.createAccount('Ledger sums', 0);
    const [created] = await harness.query('SELECT id FROM api_keys WHERE account_id = $1', [sums.accountId]);
    const sumsOwner = await harness.signIn({ accountId: sums.accountId, role: 'owner' });
    const rows: Array<[string, number, string]> = [
      ['spend', 7, '1 day'],
      ['hold', 20, '2 days'],
      ['refund', 5, '1 day'],
      ['grant', 50, '1 day'],
      ['spend', 1000, '31 days'],
      // What paid for the rest, long ago: the account never went below 0.
      ['grant', 1000, '40 days'],
    ];
    for (const [kind, amount, age] of rows) {
      await harness.query(
        `INSERT INTO credit_ledger (account_id, kind, amount, reason, reference, api_key_id, created_at)
         VALUES ($1, $2, $3, 'test', 'test:sums', $4, now() - $5::interval)`,
        [sums.accountId, kind, amount, created.id, age],
      );
    }
    // The account's totals follow its ledger, as every move of credits keeps them (the harness checks it after the test).
    const earned = 50 + 1000;
    const spent = 7 + 20 - 5 + 1000;
    await harness.query(
      'UPDATE accounts SET total_earned = total_earned + $2, total_spent = total_spent + $3, balance = balance + $2 - $3 WHERE id = $1',
      [sums.accountId, earned, spent],
    );
    expect((await list(sumsOwner)).find((key) => key.id === created.id)!.credits_spent_30d).toBe(7 + 20 - 5);
  });

  it('shows a member only the keys they created and answers 404 on the others; the owner sees them all', async () => {
    const ownersKey = await create(owner, 'Owner only');
    const membersKey = await create(member, 'Member key');
    const memberSees = await list(member);
    expect(memberSees.map((key) => key.id)).toEqual([membersKey.id]);
    expect(memberSees[0].created_by).toEqual({ id: member.userId, name: 'Max Member' });
    const ownerSees = (await list(owner)).map((key) => key.id);
    expect(ownerSees).toEqual(expect.arrayContaining([ownersKey.id, membersKey.id]));
    // Newest first.
    expect(ownerSees.indexOf(membersKey.id)).toBeLessThan(ownerSees.indexOf(ownersKey.id));

    const rename = await member.client.request('PATCH', `/console/api/keys/${ownersKey.id}`, { body: { name: 'Mine now' } });
    const revoke = await member.client.request('DELETE', `/console/api/keys/${ownersKey.id}`);
    expect([rename.status, await codeOf(rename), revoke.status, await codeOf(revoke)]).toEqual([404, 'NOT_FOUND', 404, 'NOT_FOUND']);
    expect((await credits(ownersKey.key)).status).toBe(200);

    const own = await member.client.request('DELETE', `/console/api/keys/${membersKey.id}`);
    expect(own.status).toBe(204);
    expect((await credits(membersKey.key)).status).toBe(401);
  });

  it("answers another account's key, an unknown and a malformed id alike: 404 NOT_FOUND", async () => {
    const other = await harness.createAccount('Other account', 10);
    const [otherKey] = await harness.query('SELECT id FROM api_keys WHERE account_id = $1', [other.accountId]);
    const bodies: unknown[] = [];
    for (const id of [otherKey.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, body] of [
        ['PATCH', { name: 'Taken' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await owner.client.request(method, `/console/api/keys/${id}`, { body });
        expect({ id, method, status: response.status }).toEqual({ id, method, status: 404 });
        bodies.push(await response.json());
      }
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ code: 'NOT_FOUND' });
    expect((await list(owner)).map((key) => key.id)).not.toContain(otherKey.id);
    expect((await credits(other.apiKey)).status).toBe(200);
  });

  it('refuses a name that is blank or longer than 100 characters: 400 VALIDATION_ERROR', async () => {
    for (const name of ['   ', 'x'.repeat(101)]) {
      const response = await owner.client.request('POST', '/console/api/keys', { body: { name } });
      expect([response.status, await codeOf(response)]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const missing = await owner.client.request('POST', '/console/api/keys', { body: {} });
    expect(missing.status).toBe(400);
  });

  it('refuses a name with a right-to-left override (U+202E) in words, on create and rename: 400 VALIDATION_ERROR, nothing written', async () => {
    const message = 'Names cannot contain invisible or right-to-left control characters (found U+202E)';
    const key = await create(owner, 'Plain name');
    const before = (await list(owner)).map((item) => [item.id, item.name]);
    for (const [method, path] of [
      ['POST', '/console/api/keys'],
      ['PATCH', `/console/api/keys/${key.id}`],
    ]) {
      const response = await owner.client.request(method, path, { body: { name: 'invoice\u202Efdp.exe' } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `name: ${message}`,
        details: [{ path: 'name', message }],
      });
    }
    expect((await list(owner)).map((item) => [item.id, item.name])).toEqual(before);
    const [{ count }] = await harness.query("SELECT count(*)::int AS count FROM api_keys WHERE name LIKE '%' || chr(8238) || '%'");
    expect(count).toBe(0);
    expect((await owner.client.request('DELETE', `/console/api/keys/${key.id}`)).status).toBe(204);
  });

  const endpoints = (id: string): Array<[string, string, unknown]> => [
    ['GET', '/console/api/keys', undefined],
    ['POST', '/console/api/keys', { name: 'Nope' }],
    ['PATCH', `/console/api/keys/${id}`, { name: 'Nope' }],
    ['DELETE', `/console/api/keys/${id}`, undefined],
  ];

  it('guards every keys endpoint: no session 401, no account 403, another origin 403, a form body 400', async () => {
    const key = await create(owner, 'Guarded');
    const operator = await harness.signIn({ operator: true });
    await expectConsoleGuards(
      owner.client,
      endpoints(key.id).map(([method, path, body]) => ({ method, path, body })),
      { noAccount: operator.client },
    );
    expect((await credits(key.key)).status).toBe(200);
    expect((await list(owner)).find((item) => item.id === key.id)!.name).toBe('Guarded');
  });

  it('keys:create --name names the key; without it the key is "Key created <date>"; either way created by the CLI (null)', async () => {
    const named = await harness.cli(['keys:create', '--account', accountId, '--name', 'Nightly sync', '--json']);
    expect(named.code).toBe(0);
    const namedKey = JSON.parse(named.stdout);
    expect(namedKey).toEqual({
      keyId: expect.any(String),
      name: 'Nightly sync',
      prefix: namedKey.apiKey.slice(0, 20),
      apiKey: expect.any(String),
    });
    const unnamed = await harness.cli(['keys:create', '--account', accountId]);
    expect(unnamed.code).toBe(0);
    expect(unnamed.stdout).toContain(`"Key created ${todayUtc()}"`);

    const keys = await list(owner);
    expect(keys.find((key) => key.id === namedKey.keyId)).toMatchObject({
      name: 'Nightly sync',
      created_by: null,
      prefix: namedKey.prefix,
    });
    const [first] = await harness.query('SELECT id, name FROM api_keys WHERE account_id = $1 ORDER BY created_at LIMIT 1', [accountId]);
    expect(first.name).toMatch(/^Key created \d{4}-\d{2}-\d{2}$/);
    expect(keys.find((key) => key.id === first.id)).toMatchObject({ name: first.name, created_by: null });
  });
});
