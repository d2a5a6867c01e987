import { Client } from 'pg';
import { EngineProcess } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { until } from './support/until';

describe('credits: balances cached per process and dropped when PostgreSQL announces a change', () => {
  const harness = useHarness({ label: 'balance_cache' });
  let engine: typeof harness.engine;
  let other: EngineProcess;
  let sql: Client;

  beforeAll(async () => {
    engine = harness.engine;
    other = await harness.spawnEngine();
    sql = new Client({ connectionString: harness.environment.databaseUrl });
    await sql.connect();
    harness.closeAfterAll(() => sql.end());
  });

  const balance = async (url: string, apiKey: string) => (await harness.api(apiKey, url)('getCredits')).balance;
  const listening = async () =>
    Number(
      (
        await sql.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'lead-engine-balances' AND datname = current_database()`,
        )
      ).rows[0].n,
    );
  /** Reads through both engines until both listen for balance changes, then once more so each keeps the balance. */
  const warm = async (apiKey: string) => {
    await until('both engines to listen for balance changes', async () => {
      await balance(engine.url, apiKey);
      await balance(other.url, apiKey);
      return (await listening()) >= 2 ? true : undefined;
    });
    for (let read = 0; read < 2; read++) for (const url of [engine.url, other.url]) await balance(url, apiKey);
  };

  it('shows a grant made by the operator CLI, another process, on the next read', async () => {
    const { accountId, apiKey } = await harness.createAccount('Granted', 100);
    await warm(apiKey);

    const granted = await harness.cli(['credits:grant', '--account', accountId, '--amount', '25', '--json']);
    expect(granted.code).toBe(0);
    // The notification is sent at commit, before the CLI has even exited.
    expect(await balance(engine.url, apiKey)).toBe(125);
    expect(await balance(other.url, apiKey)).toBe(125);
  });

  it('shows a change written straight into PostgreSQL by anyone, within moments, in every process', async () => {
    const { accountId, apiKey } = await harness.createAccount('Adjusted', 50);
    await warm(apiKey);

    await sql.query('UPDATE accounts SET balance = balance - 7, total_spent = total_spent + 7 WHERE id = $1', [accountId]);
    await sql.query(`INSERT INTO credit_ledger (account_id, kind, amount, reason) VALUES ($1, 'spend', 7, 'manual')`, [accountId]);
    // The cache keeps a balance until it is told of a change (it has no expiry), so seeing it at all is the
    // announcement at work; the wait is until's own, which a loaded machine does not exhaust.
    for (const url of [engine.url, other.url])
      expect(await until('the change to be seen', async () => ((await balance(url, apiKey)) === 43 ? 43 : undefined))).toBe(43);
  });

  it('reads from PostgreSQL while announcements cannot be heard, and caches again once they can', async () => {
    const { accountId, apiKey } = await harness.createAccount('Deaf', 80);
    await warm(apiKey);
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lead-engine-balances' AND datname = current_database()`,
    );

    await sql.query('UPDATE accounts SET balance = balance + 5, total_earned = total_earned + 5 WHERE id = $1', [accountId]);
    await sql.query(`INSERT INTO credit_ledger (account_id, kind, amount, reason) VALUES ($1, 'grant', 5, 'manual')`, [accountId]);
    expect(await balance(engine.url, apiKey)).toBe(85);
    expect(await balance(other.url, apiKey)).toBe(85);

    await warm(apiKey);
    await harness.operator(['credits:grant', '--account', accountId, '--amount', '1', '--json']);
    expect(await balance(engine.url, apiKey)).toBe(86);
  });

  it('really answers from memory: a change made with the announcement switched off is not seen until the next one', async () => {
    const { accountId, apiKey } = await harness.createAccount('Quiet', 60);
    await warm(apiKey);
    await sql.query('ALTER TABLE accounts DISABLE TRIGGER accounts_balance_announced');
    try {
      await sql.query('UPDATE accounts SET balance = balance + 1, total_earned = total_earned + 1 WHERE id = $1', [accountId]);
      await sql.query(`INSERT INTO credit_ledger (account_id, kind, amount, reason) VALUES ($1, 'grant', 1, 'manual')`, [accountId]);
    } finally {
      await sql.query('ALTER TABLE accounts ENABLE TRIGGER accounts_balance_announced');
    }
    expect(await balance(engine.url, apiKey)).toBe(60);
    expect(await balance(other.url, apiKey)).toBe(60);

    await harness.operator(['credits:grant', '--account', accountId, '--amount', '2', '--json']);
    expect(await balance(engine.url, apiKey)).toBe(63);
    expect(await balance(other.url, apiKey)).toBe(63);
  });
});
