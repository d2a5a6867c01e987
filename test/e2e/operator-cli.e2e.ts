import { useHarness } from './support/harness';
import { http } from './support/http';

describe('operator CLI', () => {
  const harness = useHarness({ label: 'cli' });

  const query = (sql: string, params: unknown[] = []) => harness.query(sql, params);

  it('accounts:create --json prints exactly one JSON object and stores only a hash of the key', async () => {
    const result = await harness.cli(['accounts:create', '--name', 'Globex', '--json']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]);
    expect(created).toEqual({
      accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      apiKey: expect.stringMatching(/^le_live_/),
      balance: 300,
    });
    const stored = await query(`SELECT lookup_prefix, encode(secret_hash, 'hex') AS hash FROM api_keys WHERE account_id = $1`, [
      created.accountId,
    ]);
    expect(stored).toHaveLength(1);
    expect(created.apiKey.startsWith(stored[0].lookup_prefix)).toBe(true);
    expect(stored[0].lookup_prefix.length).toBeLessThan(created.apiKey.length);
    const everything = JSON.stringify(await query('SELECT * FROM api_keys'));
    expect(everything).not.toContain(created.apiKey);
    const ledger = await query('SELECT kind, amount, reason FROM credit_ledger WHERE account_id = $1', [created.accountId]);
    expect(ledger).toEqual([{ kind: 'grant', amount: '300', reason: 'welcome credits' }]);
  });

  it('accounts:create honours --credits, including zero', async () => {
    expect((await harness.createAccount('Rich', 5000)).balance).toBe(5000);
    const poor = await harness.createAccount('Poor', 0);
    expect(poor.balance).toBe(0);
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey: poor.apiKey })).body).toEqual({
      balance: 0,
      total_earned: 0,
      total_spent: 0,
    });
  });

  it('keys:create gives an account another working key; keys:revoke by key prefix kills only that key', async () => {
    const account = await harness.createAccount('Initech');
    const second = await harness.cli(['keys:create', '--account', account.accountId, '--json']);
    expect(second.code).toBe(0);
    const { keyId, apiKey } = JSON.parse(second.stdout);
    expect(keyId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey })).status).toBe(200);

    const revoked = await harness.cli(['keys:revoke', '--key', apiKey.slice(0, 20), '--json']);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ keyId, revoked: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey })).body.code).toBe('INVALID_API_KEY');
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey: account.apiKey })).status).toBe(200);
  });

  it('credits:grant adds credits with a reason in the ledger', async () => {
    const account = await harness.createAccount('Hooli');
    const result = await harness.cli([
      'credits:grant',
      '--account',
      account.accountId,
      '--amount',
      '700',
      '--reason',
      'goodwill',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ balance: 1000 });
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey: account.apiKey })).body).toEqual({
      balance: 1000,
      total_earned: 1000,
      total_spent: 0,
    });
    expect(await query(`SELECT reason FROM credit_ledger WHERE account_id = $1 ORDER BY id`, [account.accountId])).toEqual([
      { reason: 'welcome credits' },
      { reason: 'goodwill' },
    ]);
  });

  it('refuses bad input with a message and a non-zero exit, printing one JSON error with --json', async () => {
    const unknownAccount = await harness.cli([
      'credits:grant',
      '--account',
      '00000000-0000-0000-0000-000000000000',
      '--amount',
      '5',
      '--json',
    ]);
    expect(unknownAccount.code).toBe(1);
    expect(JSON.parse(unknownAccount.stdout)).toEqual({ error: expect.stringContaining('No account') });
    const badAmount = await harness.cli(['credits:grant', '--account', '00000000-0000-0000-0000-000000000000', '--amount', '-5']);
    expect(badAmount.code).not.toBe(0);
    expect(badAmount.stderr).toMatch(/whole number/);
    const unknownKey = await harness.cli(['keys:revoke', '--key', 'le_live_doesnotexist']);
    expect(unknownKey.code).toBe(1);
    expect(unknownKey.stderr).toMatch(/No API key/);
  });

  it('trial:start grants 10,000 credits once', async () => {
    const account = await harness.createAccount('Trialist');
    const first = await harness.cli(['trial:start', '--account', account.accountId, '--json']);
    expect(first.code).toBe(0);
    const trial = JSON.parse(first.stdout);
    expect(trial.balance).toBe(10_300);
    expect(new Date(trial.trialExpiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const second = await harness.cli(['trial:start', '--account', account.accountId, '--json']);
    expect(second.code).toBe(1);
    expect(JSON.parse(second.stdout).error).toMatch(/already had its trial/);
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey: account.apiKey })).body.balance).toBe(10_300);
  });

  it.each([
    ['starter', 50_000],
    ['growth', 250_000],
    ['pro', 800_000],
    ['scale', 3_000_000],
  ])('plans:set %s grants %i credits for the first month', async (plan, credits) => {
    const account = await harness.createAccount(`Plan ${plan}`);
    const result = await harness.cli(['plans:set', '--account', account.accountId, '--plan', plan, '--json']);
    expect(result.code).toBe(0);
    const state = JSON.parse(result.stdout);
    expect(state).toMatchObject({ plan, balance: 300 + credits });
    const renewsIn = new Date(state.renewsAt).getTime() - Date.now();
    expect(renewsIn).toBeGreaterThan(27 * 24 * 3600 * 1000);
    expect(renewsIn).toBeLessThan(32 * 24 * 3600 * 1000);
  });

  it('plans:set refuses an unknown plan and none ends a plan', async () => {
    const account = await harness.createAccount('Planless');
    expect((await harness.cli(['plans:set', '--account', account.accountId, '--plan', 'platinum'])).code).toBe(1);
    await harness.cli(['plans:set', '--account', account.accountId, '--plan', 'starter']);
    const ended = JSON.parse((await harness.cli(['plans:set', '--account', account.accountId, '--plan', 'none', '--json'])).stdout);
    expect(ended).toMatchObject({ plan: null, renewsAt: null, balance: 50_300 });
  });
});
