import { ledgerPurposeOf } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { MoveCreditsUseCase } from '../../apps/engine/src/modules/credits/use-cases/move-credits.use-case';
import { SettleAllowancesUseCase } from '../../apps/engine/src/modules/credits/use-cases/settle-allowances.use-case';
import { useHarness } from './support/harness';

describe('credit ledger', () => {
  const harness = useHarness({ label: 'ledger', env: { PLAN_REFILL_INTERVAL_MS: '300' } });
  let dataSource: DataSource;
  let moveCredits: MoveCreditsUseCase;

  beforeAll(() => {
    dataSource = harness.engine.app.get(DataSource);
    moveCredits = harness.engine.app.get(MoveCreditsUseCase);
  });

  const balanceOf = (apiKey: string) => harness.api(apiKey)('getCredits');

  it('lets exactly 20 of 50 concurrent spends through a balance of 20, and the balance ends at 0', async () => {
    const account = await harness.createAccount('Contended', 20);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        dataSource.transaction((manager) =>
          moveCredits.spend(manager, { accountId: account.accountId, amount: 1, reason: 'test spend', reference: `spend:${index}` }),
        ),
      ),
    );
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(20);
    expect(rejected).toHaveLength(30);
    for (const failure of rejected)
      expect(failure.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS', extra: { required: 1, balance: 0 } });
    expect(await balanceOf(account.apiKey)).toEqual({ balance: 0, total_earned: 20, total_spent: 20 });
  });

  it("reads what an entry paid for exactly as the ledger's generated purpose column does (ledgerPurposeOf)", async () => {
    const [{ expression }] = await dataSource.query(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS expression FROM pg_attrdef d
       JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
       WHERE d.adrelid = 'credit_ledger'::regclass AND a.attname = 'purpose'`,
    );
    const references = [
      ...['reveal', 'export', 'scrape', 'enrichment', 'icp'].flatMap((prefix) => [`${prefix}:3f2a9c1e`, `${prefix}:a:b`, prefix]),
      'plan:pro:2026-11',
      'trial',
      'welcome',
      '',
      null,
      'Reveal:1',
      'reveals:1',
      ':reveal',
      ' reveal:1',
    ];
    const rows: Array<{ reference: string | null; purpose: string }> = await dataSource.query(
      `SELECT reference, (${expression}) AS purpose FROM unnest($1::text[]) AS given(reference)`,
      [references],
    );
    expect(rows).toHaveLength(references.length);
    for (const row of rows) expect({ reference: row.reference, purpose: ledgerPurposeOf(row.reference) }).toEqual(row);
  });

  it('rolls a spend back with the rest of its transaction', async () => {
    const account = await harness.createAccount('Rollback', 10);
    await expect(
      dataSource.transaction(async (manager) => {
        await moveCredits.spend(manager, { accountId: account.accountId, amount: 4, reason: 'doomed' });
        throw new Error('the thing paid for failed');
      }),
    ).rejects.toThrow('the thing paid for failed');
    expect((await balanceOf(account.apiKey)).balance).toBe(10);
  });

  it('refunds a hold in parts, never beyond what was held', async () => {
    const account = await harness.createAccount('Holder', 100);
    const reference = 'job:holder';
    await dataSource.transaction((manager) =>
      moveCredits.hold(manager, { accountId: account.accountId, amount: 30, reason: 'job hold', reference }),
    );
    expect(await balanceOf(account.apiKey)).toEqual({ balance: 70, total_earned: 100, total_spent: 30 });
    await dataSource.transaction((manager) =>
      moveCredits.refund(manager, { accountId: account.accountId, amount: 10, reason: 'no content', reference }),
    );
    await expect(
      dataSource.transaction((manager) =>
        moveCredits.refund(manager, { accountId: account.accountId, amount: 21, reason: 'too much', reference }),
      ),
    ).rejects.toThrow(/exceeds/);
    expect(await balanceOf(account.apiKey)).toEqual({ balance: 80, total_earned: 100, total_spent: 20 });
  });

  it('keeps the ledger append-only', async () => {
    await harness.createAccount('Immutable');
    await expect(dataSource.query(`UPDATE credit_ledger SET amount = amount + 1`)).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM credit_ledger`)).rejects.toThrow(/append-only/);
  });

  it('refills a due plan once per period through the repeatable Bull job', async () => {
    const account = await harness.createAccount('Subscriber');
    await harness.operator(['plans:set', '--account', account.accountId, '--plan', 'starter']);
    await dataSource.query(`UPDATE accounts SET plan_renews_at = now() - interval '1 minute' WHERE id = $1`, [account.accountId]);
    const deadline = Date.now() + 10_000;
    while ((await balanceOf(account.apiKey)).balance < 100_300 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await balanceOf(account.apiKey)).balance).toBe(100_300);
    const [row] = await dataSource.query(`SELECT plan_renews_at > now() + interval '27 days' AS advanced FROM accounts WHERE id = $1`, [
      account.accountId,
    ]);
    expect(row.advanced).toBe(true);
    await harness.engine.app.get(SettleAllowancesUseCase).execute();
    expect((await balanceOf(account.apiKey)).balance).toBe(100_300);
  });

  it('expires the unspent part of a finished trial', async () => {
    const account = await harness.createAccount('Expired trial', 0);
    await harness.operator(['trial:start', '--account', account.accountId]);
    await dataSource.transaction((manager) =>
      moveCredits.spend(manager, { accountId: account.accountId, amount: 2_500, reason: 'reveal' }),
    );
    await harness.operator(['credits:grant', '--account', account.accountId, '--amount', '400']);
    await dataSource.query(
      `UPDATE accounts SET trial_started_at = trial_started_at - interval '8 days', trial_expires_at = now() - interval '1 day' WHERE id = $1`,
      [account.accountId],
    );
    const deadline = Date.now() + 10_000;
    while ((await balanceOf(account.apiKey)).balance !== 400 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await balanceOf(account.apiKey)).toEqual({ balance: 400, total_earned: 10_400, total_spent: 10_000 });
  });
});
