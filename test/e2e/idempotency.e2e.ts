import { DataSource } from 'typeorm';
import { MoveCreditsUseCase } from '../../apps/engine/src/modules/credits/use-cases/move-credits.use-case';
import { RunIdempotentlyUseCase } from '../../apps/engine/src/modules/idempotency/use-cases/run-idempotently.use-case';
import { useHarness } from './support/harness';
import { http } from './support/http';

// The store behind the Idempotency-Key header, driven with a real credit spend against the real database.
describe('idempotent spending', () => {
  const harness = useHarness({ label: 'idempotency' });
  let runIdempotently: RunIdempotentlyUseCase;
  let spendOne: (accountId: string) => () => Promise<{ status: number; body: unknown }>;

  beforeAll(() => {
    runIdempotently = harness.engine.app.get(RunIdempotentlyUseCase);
    const dataSource = harness.engine.app.get(DataSource);
    const moveCredits = harness.engine.app.get(MoveCreditsUseCase);
    spendOne = (accountId) => async () => {
      const balance = await dataSource.transaction((manager) => moveCredits.spend(manager, { accountId, amount: 1, reason: 'test' }));
      return { status: 200, body: { balance } };
    };
  });

  it('replays the first response for the same key and request, spending once', async () => {
    const account = await harness.createAccount('Replay', 10);
    const request = { accountId: account.accountId, key: 'k-1', fingerprint: 'same' };
    const first = await runIdempotently.execute(request, spendOne(account.accountId));
    const second = await runIdempotently.execute(request, spendOne(account.accountId));
    expect(first).toEqual({ status: 200, body: { balance: 9 }, replayed: false });
    expect(second).toEqual({ status: 200, body: { balance: 9 }, replayed: true });
    expect((await http(harness.url, 'GET', '/api/v1/credits', { apiKey: account.apiKey })).body.balance).toBe(9);
  });

  it('refuses the same key with a different request', async () => {
    const account = await harness.createAccount('Mismatch', 10);
    await runIdempotently.execute({ accountId: account.accountId, key: 'k-2', fingerprint: 'a' }, spendOne(account.accountId));
    await expect(
      runIdempotently.execute({ accountId: account.accountId, key: 'k-2', fingerprint: 'b' }, spendOne(account.accountId)),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('runs the work once for 20 concurrent duplicates', async () => {
    const account = await harness.createAccount('Concurrent', 50);
    const request = { accountId: account.accountId, key: 'k-3', fingerprint: 'same' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => runIdempotently.execute(request, spendOne(account.accountId))));
    expect(responses.filter((response) => !response.replayed)).toHaveLength(1);
    expect(new Set(responses.map((response) => JSON.stringify(response.body)))).toEqual(new Set([JSON.stringify({ balance: 49 })]));
  });

  it('scopes keys to the account and forgets a failed first call', async () => {
    const first = await harness.createAccount('Scope A', 5);
    const second = await harness.createAccount('Scope B', 0);
    await runIdempotently.execute({ accountId: first.accountId, key: 'shared', fingerprint: 'x' }, spendOne(first.accountId));
    await expect(
      runIdempotently.execute({ accountId: second.accountId, key: 'shared', fingerprint: 'x' }, spendOne(second.accountId)),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    const dataSource = harness.engine.app.get(DataSource);
    const rows = await dataSource.query('SELECT 1 FROM idempotency_records WHERE account_id = $1', [second.accountId]);
    expect(rows).toHaveLength(0);
  });

  it('treats a key older than 24 hours as new', async () => {
    const account = await harness.createAccount('Expiry', 5);
    const request = { accountId: account.accountId, key: 'old', fingerprint: 'a' };
    await runIdempotently.execute(request, spendOne(account.accountId));
    await harness.engine.app
      .get(DataSource)
      .query(`UPDATE idempotency_records SET created_at = now() - interval '25 hours' WHERE account_id = $1`, [account.accountId]);
    const again = await runIdempotently.execute({ ...request, fingerprint: 'b' }, spendOne(account.accountId));
    expect(again).toEqual({ status: 200, body: { balance: 3 }, replayed: false });
  });
});
