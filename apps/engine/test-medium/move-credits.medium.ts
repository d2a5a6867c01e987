import type { EntityManager } from 'typeorm';
import { useMediumEngine } from '../testing/medium/engine-context';
import { MoveCreditsUseCase } from '../src/modules/credits/use-cases/move-credits.use-case';

describe('MoveCreditsUseCase against PostgreSQL: grant, spend, hold, refund', () => {
  const engine = useMediumEngine('move_credits');
  let moveCredits: MoveCreditsUseCase;

  beforeAll(() => {
    moveCredits = engine().get(MoveCreditsUseCase);
  });

  it('grants: the balance and total earned grow by the grant, and the ledger says so', async () => {
    const { accountId } = await engine().createAccount('Granted', 10);
    const balance = await engine().transaction((manager) =>
      moveCredits.grant(manager, { accountId, amount: 25, reason: 'operator grant', reference: 'operator' }),
    );
    expect(balance).toBe(35);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 35, totalEarned: 35, totalSpent: 0 });
    expect(await engine().ledgerOf(accountId)).toEqual([
      { kind: 'grant', amount: 10, reason: 'welcome credits', reference: `account:${accountId}`, apiKeyId: null },
      { kind: 'grant', amount: 25, reason: 'operator grant', reference: 'operator', apiKeyId: null },
    ]);
  });

  it('lets exactly 20 of 50 concurrent spends of 1 through a balance of 20, and refuses the rest with INSUFFICIENT_CREDITS', async () => {
    const { accountId } = await engine().createAccount('Contended', 20);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        engine().transaction((manager) =>
          moveCredits.spend(manager, { accountId, amount: 1, reason: 'test spend', reference: `spend:${index}` }),
        ),
      ),
    );
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(passed).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const failure of refused)
      expect(failure.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS', extra: { required: 1, balance: 0 } });
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 0, totalEarned: 20, totalSpent: 20 });
    const spends = (await engine().ledgerOf(accountId)).filter((row) => row.kind === 'spend');
    expect(spends).toHaveLength(20);
    expect(new Set(spends.map((row) => row.reference)).size).toBe(20);
  });

  it('refuses a spend the balance cannot cover and changes nothing', async () => {
    const { accountId } = await engine().createAccount('Short', 3);
    await expect(
      engine().transaction((manager) => moveCredits.spend(manager, { accountId, amount: 4, reason: 'too much' })),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      extra: { required: 4, balance: 3 },
    });
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 3, totalEarned: 3, totalSpent: 0 });
    expect((await engine().ledgerOf(accountId)).map((row) => row.kind)).toEqual(['grant']);
  });

  it('rolls a spend back with the rest of its transaction', async () => {
    const { accountId } = await engine().createAccount('Rollback', 10);
    await expect(
      engine().transaction(async (manager) => {
        await moveCredits.spend(manager, { accountId, amount: 4, reason: 'doomed', reference: 'reveal:doomed' });
        throw new Error('the thing paid for failed');
      }),
    ).rejects.toThrow('the thing paid for failed');
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 10, totalEarned: 10, totalSpent: 0 });
    expect((await engine().ledgerOf(accountId)).map((row) => row.kind)).toEqual(['grant']);
  });

  it('refunds a hold in parts, never beyond what is still held', async () => {
    const { accountId } = await engine().createAccount('Holder', 100);
    const reference = 'scrape:holder';
    const move = (kind: 'hold' | 'refund', amount: number) =>
      engine().transaction((manager) => moveCredits[kind](manager, { accountId, amount, reason: `test ${kind}`, reference }));

    expect(await move('hold', 30)).toBe(70);
    expect(await move('refund', 10)).toBe(80);
    await expect(move('refund', 21)).rejects.toThrow('refund of 21 exceeds the 20 still held for scrape:holder');
    expect(await move('refund', 20)).toBe(100);
    await expect(move('refund', 1)).rejects.toThrow('refund of 1 exceeds the 0 still held for scrape:holder');
    await expect(
      engine().transaction((manager) =>
        moveCredits.refund(manager, { accountId, amount: 1, reason: 'nothing held', reference: 'scrape:other' }),
      ),
    ).rejects.toThrow(/exceeds the 0 still held/);

    expect(await engine().balanceOf(accountId)).toEqual({ balance: 100, totalEarned: 100, totalSpent: 0 });
    expect((await engine().ledgerOf(accountId)).map(({ kind, amount }) => [kind, amount])).toEqual([
      ['grant', 100],
      ['hold', 30],
      ['refund', 10],
      ['refund', 20],
    ]);
  });

  it('gives back no more than was held when refunds of one hold race', async () => {
    const { accountId } = await engine().createAccount('Racing refunds', 50);
    const reference = 'enrichment:racing';
    await engine().transaction((manager) => moveCredits.hold(manager, { accountId, amount: 30, reason: 'test hold', reference }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        engine().transaction((manager) => moveCredits.refund(manager, { accountId, amount: 10, reason: 'test refund', reference })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 50, totalEarned: 50, totalSpent: 0 });
  });

  it('refuses a hold without a reference and amounts that are not positive whole numbers, writing nothing', async () => {
    const { accountId } = await engine().createAccount('Careless', 10);
    const attempt = (work: (manager: EntityManager) => Promise<number>) => engine().transaction(work);
    await expect(attempt((manager) => moveCredits.hold(manager, { accountId, amount: 1, reason: 'no reference' }))).rejects.toThrow(
      'a hold needs a reference',
    );
    for (const amount of [0, -1, 1.5]) {
      await expect(attempt((manager) => moveCredits.spend(manager, { accountId, amount, reason: 'odd' }))).rejects.toThrow(
        /positive whole amount/,
      );
      await expect(attempt((manager) => moveCredits.grant(manager, { accountId, amount, reason: 'odd' }))).rejects.toThrow(
        /positive whole amount/,
      );
    }
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 10, totalEarned: 10, totalSpent: 0 });
    expect(await engine().ledgerOf(accountId)).toHaveLength(1);
  });
});
