import { randomUUID } from 'node:crypto';
import { useMediumEngine } from '../testing/medium/engine-context';
import type { ChargingKey } from '../src/modules/identity/charging-key';
import { RevealLeadsUseCase } from '../src/modules/leads/use-cases/reveal-leads.use-case';

describe('RevealLeadsUseCase against PostgreSQL: 1 credit per lead not revealed before, all or nothing', () => {
  const engine = useMediumEngine('reveal');
  let leads: string[];
  const reveal = (key: ChargingKey, leadIds: string[]) =>
    engine()
      .get(RevealLeadsUseCase)
      .execute({ ...key, request: { leadIds } });
  const revealSpends = async (accountId: string) =>
    (await engine().ledgerOf(accountId)).filter((row) => row.kind === 'spend').map(({ amount, reason }) => ({ amount, reason }));

  beforeAll(async () => {
    leads = await engine().seedContacts(60);
    expect(leads).toHaveLength(60);
  });

  it('charges 1 credit per lead revealed for the first time, and nothing for leads revealed before', async () => {
    const { accountId, key } = await engine().createAccount('Revealer', 100);
    const first = await reveal(key, leads.slice(0, 5));
    expect(first).toMatchObject({ credits_charged: 5, new_reveals: 5, already_revealed: 0, not_found: [] });
    expect(first.revealed.map((lead) => lead.id)).toEqual(leads.slice(0, 5));
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 95, totalEarned: 100, totalSpent: 5 });
    expect(await engine().revealCount(accountId)).toBe(5);

    const again = await reveal(key, leads.slice(0, 5));
    expect(again).toMatchObject({ credits_charged: 0, new_reveals: 0, already_revealed: 5 });
    expect(again.revealed).toEqual(first.revealed);

    const overlapping = await reveal(key, leads.slice(3, 8));
    expect(overlapping).toMatchObject({ credits_charged: 3, new_reveals: 3, already_revealed: 2 });

    expect(await engine().balanceOf(accountId)).toEqual({ balance: 92, totalEarned: 100, totalSpent: 8 });
    expect(await engine().revealCount(accountId)).toBe(8);
    expect(await revealSpends(accountId)).toEqual([
      { amount: 5, reason: 'reveal' },
      { amount: 3, reason: 'reveal' },
    ]);
    const ledger = await engine().ledgerOf(accountId);
    expect(
      ledger.filter((row) => row.kind === 'spend').every((row) => row.apiKeyId === key.apiKeyId && /^reveal:/.test(row.reference!)),
    ).toBe(true);
  });

  it("keeps one account's reveals from another's: each pays for its own first look", async () => {
    const one = await engine().createAccount('One', 10);
    const other = await engine().createAccount('Other', 10);
    expect((await reveal(one.key, leads.slice(10, 13))).credits_charged).toBe(3);
    expect((await reveal(other.key, leads.slice(10, 13))).credits_charged).toBe(3);
    expect((await engine().balanceOf(one.accountId)).balance).toBe(7);
    expect((await engine().balanceOf(other.accountId)).balance).toBe(7);
  });

  it('charges 5 in all for two concurrent reveals of the same 5 leads', async () => {
    const { accountId, key } = await engine().createAccount('Concurrent', 100);
    const ids = leads.slice(20, 25);
    const [a, b] = await Promise.all([reveal(key, ids), reveal(key, ids)]);
    expect(a.credits_charged + b.credits_charged).toBe(5);
    expect([a.credits_charged, b.credits_charged].sort()).toEqual([0, 5]);
    expect(a.revealed).toHaveLength(5);
    expect(b.revealed).toHaveLength(5);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 95, totalEarned: 100, totalSpent: 5 });
    expect(await engine().revealCount(accountId)).toBe(5);
    expect(await revealSpends(accountId)).toEqual([{ amount: 5, reason: 'reveal' }]);
  });

  it('charges each lead once when many overlapping reveals race', async () => {
    const { accountId, key } = await engine().createAccount('Crowd', 100);
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => reveal(key, leads.slice(30 + index, 34 + index))));
    // Leads 30 … 40: eleven distinct leads over the eight reveals.
    expect(results.reduce((sum, result) => sum + result.credits_charged, 0)).toBe(11);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 89, totalEarned: 100, totalSpent: 11 });
    expect(await engine().revealCount(accountId)).toBe(11);
  });

  it('refuses a reveal the balance cannot pay with INSUFFICIENT_CREDITS, and writes nothing', async () => {
    const { accountId, key } = await engine().createAccount('Short', 4);
    await expect(reveal(key, leads.slice(40, 45))).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      extra: { required: 5, balance: 4 },
    });
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 4, totalEarned: 4, totalSpent: 0 });
    expect(await engine().revealCount(accountId)).toBe(0);
    expect((await engine().ledgerOf(accountId)).map((row) => row.kind)).toEqual(['grant']);

    // What it can pay for goes through, to the last credit.
    expect((await reveal(key, leads.slice(40, 44))).credits_charged).toBe(4);
    await expect(reveal(key, leads.slice(40, 45))).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      extra: { required: 1, balance: 0 },
    });
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 0, totalEarned: 4, totalSpent: 4 });
    expect(await engine().revealCount(accountId)).toBe(4);
  });

  it('charges only for leads that exist, and names the rest', async () => {
    const { accountId, key } = await engine().createAccount('Unknown ids', 10);
    const missing = randomUUID();
    const result = await reveal(key, [leads[50], missing, leads[51], leads[50].toUpperCase()]);
    expect(result).toMatchObject({ credits_charged: 2, new_reveals: 2, already_revealed: 0, not_found: [missing] });
    expect((await engine().balanceOf(accountId)).balance).toBe(8);
    await expect(reveal(key, [missing])).resolves.toMatchObject({ credits_charged: 0, not_found: [missing] });
    await expect(reveal(key, ['not-a-lead'])).rejects.toMatchObject({ code: 'BAD_ID' });
    expect((await engine().balanceOf(accountId)).balance).toBe(8);
  });
});
