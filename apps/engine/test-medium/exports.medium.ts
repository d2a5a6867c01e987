import { exportCreateRequestSchema } from '@lead-engine/contracts';
import { useMediumEngine } from '../testing/medium/engine-context';
import type { ChargingKey } from '../src/modules/identity/charging-key';
import { RevealLeadsUseCase } from '../src/modules/leads/use-cases/reveal-leads.use-case';
import { ExportsRepository } from '../src/modules/exports/exports.repository';
import { FailExportUseCase } from '../src/modules/exports/use-cases/fail-export.use-case';
import { RunExportUseCase } from '../src/modules/exports/use-cases/run-export.use-case';
import { StartExportUseCase } from '../src/modules/exports/use-cases/start-export.use-case';

const CONTACTS = 80;

/**
 * The export job's settlement, driven by the test as the worker's RunExportJob drives it: StartExportUseCase
 * queues the export (no processor takes it here), RunExportUseCase delivers and charges it, FailExportUseCase
 * ends one that ran out of attempts.
 */
describe('export settlement against PostgreSQL: RunExportUseCase charges what it delivered, once; FailExportUseCase nothing', () => {
  const engine = useMediumEngine('exports');
  let leads: string[];

  const start = async (key: ChargingKey, limit: number) =>
    (
      await engine()
        .get(StartExportUseCase)
        .execute({ ...key, request: exportCreateRequestSchema.parse({ limit }) })
    ).job_id;
  const run = (exportId: string) => engine().get(RunExportUseCase).execute(exportId);
  const fail = (exportId: string) =>
    engine().get(FailExportUseCase).execute(exportId, 'The export could not be produced; nothing was charged. Start it again.');
  const exportOf = async (exportId: string) => (await engine().get(ExportsRepository).find(exportId))!;
  /** The rows of the export's CSV, its parts put together, without the header. */
  async function csvRows(exportId: string): Promise<string[]> {
    const exports = engine().get(ExportsRepository);
    const parts: Buffer[] = [];
    for (let part = 0; part < (await exports.filePartCount(exportId)); part++) parts.push((await exports.filePart(exportId, part))!);
    const lines = Buffer.concat(parts).toString('utf8').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toMatch(/^First Name,Last Name,Email,/);
    return lines.slice(1);
  }
  const exportSpends = async (accountId: string) =>
    (await engine().ledgerOf(accountId))
      .filter((row) => row.kind !== 'grant')
      .map(({ kind, amount, reason, reference }) => ({ kind, amount, reason, reference }));

  beforeAll(async () => {
    leads = await engine().seedContacts(CONTACTS);
  });

  it('charges nothing when an export is queued, then what it delivered when it completes', async () => {
    const { accountId, key } = await engine().createAccount('Exporter', 100);
    const exportId = await start(key, 10);
    expect(await exportOf(exportId)).toMatchObject({ status: 'queued', deliveryLimit: 10, deliveredRows: 0, creditsCharged: 0 });
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 100, totalEarned: 100, totalSpent: 0 });

    await run(exportId);
    expect(await exportOf(exportId)).toMatchObject({ status: 'completed', deliveredRows: 10, creditsCharged: 10, capped: false });
    expect(await csvRows(exportId)).toHaveLength(10);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 90, totalEarned: 100, totalSpent: 10 });
    expect(await exportSpends(accountId)).toEqual([{ kind: 'spend', amount: 10, reason: 'export', reference: `export:${exportId}` }]);
    expect(await engine().revealCount(accountId)).toBe(10);
  });

  it('delivers no more than the balance pays for, and says it was capped', async () => {
    const { accountId, key } = await engine().createAccount('Short exporter', 7);
    const exportId = await start(key, 20);
    await run(exportId);
    expect(await exportOf(exportId)).toMatchObject({ status: 'completed', deliveredRows: 7, creditsCharged: 7, capped: true });
    expect(await csvRows(exportId)).toHaveLength(7);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 0, totalEarned: 7, totalSpent: 7 });
  });

  it('leaves out and charges nothing for leads the account revealed before', async () => {
    const { accountId, key } = await engine().createAccount('Revealed first', 200);
    await engine()
      .get(RevealLeadsUseCase)
      .execute({ ...key, request: { leadIds: leads.slice(0, 5) } });
    const exportId = await start(key, 500);
    await run(exportId);
    expect(await exportOf(exportId)).toMatchObject({ status: 'completed', deliveredRows: CONTACTS - 5, creditsCharged: CONTACTS - 5 });
    expect(await csvRows(exportId)).toHaveLength(CONTACTS - 5);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 200 - CONTACTS, totalEarned: 200, totalSpent: CONTACTS });
    expect(await engine().revealCount(accountId)).toBe(CONTACTS);

    // Everything is revealed now: a second export delivers a header-only file and charges nothing.
    const empty = await start(key, 10);
    await run(empty);
    expect(await exportOf(empty)).toMatchObject({ status: 'completed', deliveredRows: 0, creditsCharged: 0 });
    expect(await csvRows(empty)).toEqual([]);
    expect((await engine().balanceOf(accountId)).balance).toBe(200 - CONTACTS);
  });

  it('charges nothing for a failed export, which no later run delivers', async () => {
    const { accountId, key } = await engine().createAccount('Failed exporter', 50);
    const exportId = await start(key, 10);
    await fail(exportId);
    expect(await exportOf(exportId)).toMatchObject({
      status: 'failed',
      deliveredRows: 0,
      creditsCharged: 0,
      note: 'The export could not be produced; nothing was charged. Start it again.',
    });
    await run(exportId);
    expect(await exportOf(exportId)).toMatchObject({ status: 'failed', creditsCharged: 0 });
    expect(await engine().get(ExportsRepository).filePartCount(exportId)).toBe(0);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 50, totalEarned: 50, totalSpent: 0 });
    expect(await exportSpends(accountId)).toEqual([]);
    expect(await engine().revealCount(accountId)).toBe(0);
  });

  it('charges once however often the export is settled: run twice, run twice at once, failed after completing', async () => {
    const { accountId, key } = await engine().createAccount('Settled twice', 100);
    const twice = await start(key, 4);
    await run(twice);
    await run(twice);
    const atOnce = await start(key, 6);
    await Promise.all([run(atOnce), run(atOnce)]);
    await fail(twice);
    await fail(atOnce);

    expect(await exportOf(twice)).toMatchObject({ status: 'completed', deliveredRows: 4, creditsCharged: 4 });
    expect(await exportOf(atOnce)).toMatchObject({ status: 'completed', deliveredRows: 6, creditsCharged: 6 });
    expect(await csvRows(atOnce)).toHaveLength(6);
    expect(await exportSpends(accountId)).toEqual([
      { kind: 'spend', amount: 4, reason: 'export', reference: `export:${twice}` },
      { kind: 'spend', amount: 6, reason: 'export', reference: `export:${atOnce}` },
    ]);
    expect(await engine().balanceOf(accountId)).toEqual({ balance: 90, totalEarned: 100, totalSpent: 10 });
    expect(await engine().revealCount(accountId)).toBe(10);
  });

  it('refuses to start an export on an empty balance with INSUFFICIENT_CREDITS, and records none', async () => {
    const { accountId, key } = await engine().createAccount('Empty', 0);
    await expect(start(key, 5)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', extra: { required: 1, balance: 0 } });
    const [{ n }] = await engine().dataSource.query('SELECT count(*)::int AS n FROM exports WHERE account_id = $1', [accountId]);
    expect(n).toBe(0);
  });
});
