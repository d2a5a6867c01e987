import { exportCreateRequestSchema } from '@lead-engine/contracts';
import { useMediumEngine } from '../testing/medium/engine-context';
import type { ApiKeyLimitsChange } from '../src/modules/accounts/accounts.repository';
import { EnforceKeyBudgetUseCase } from '../src/modules/credits/use-cases/enforce-key-budget.use-case';
import { readEnrichmentCsv } from '../src/modules/enrichment/enrichment-csv-reader';
import { StartEnrichmentUseCase } from '../src/modules/enrichment/use-cases/start-enrichment.use-case';
import { RunExportUseCase } from '../src/modules/exports/use-cases/run-export.use-case';
import { StartExportUseCase } from '../src/modules/exports/use-cases/start-export.use-case';
import type { ChargingKey } from '../src/modules/identity/charging-key';
import { RevealLeadsUseCase } from '../src/modules/leads/use-cases/reveal-leads.use-case';
import { SettleScrapeUseCase } from '../src/modules/scrape/use-cases/settle-scrape.use-case';
import { StartScrapeUseCase } from '../src/modules/scrape/use-cases/start-scrape.use-case';

/** Inputs that name no host: a scrape of them holds 1 credit each and reads nothing. */
const NOT_HOSTS = ['not a host', 'bad host!', 'no such thing?'];

/**
 * EnforceKeyBudgetUseCase as the paid use-cases call it, inside their transactions and before anything is
 * charged or written, for keys made with CreateApiKeyUseCase and authenticated as a request's are.
 */
describe('key budgets against PostgreSQL: EnforceKeyBudgetUseCase refuses with BUDGET_EXCEEDED and nothing is written', () => {
  const engine = useMediumEngine('key_budgets');
  let leads: string[];
  let nextLead = 0;
  /** Ids of leads no test has revealed yet. */
  const freshLeads = (count: number) => {
    const ids = leads.slice(nextLead, nextLead + count);
    if (ids.length < count) throw new Error('out of seeded leads');
    nextLead += count;
    return ids;
  };

  const reveal = (key: ChargingKey, leadIds: string[]) =>
    engine()
      .get(RevealLeadsUseCase)
      .execute({ ...key, request: { leadIds } });
  const scrape = (key: ChargingKey, domains: string[]) =>
    engine()
      .get(StartScrapeUseCase)
      .execute({ ...key, request: { domains } });
  const startExport = (key: ChargingKey, limit: number) =>
    engine()
      .get(StartExportUseCase)
      .execute({ ...key, request: exportCreateRequestSchema.parse({ limit }) });
  async function enrich(key: ChargingKey, rows: number) {
    const csv = await readEnrichmentCsv(
      Buffer.from(['Website,Name', ...Array.from({ length: rows }, (_, n) => `site${n}.example,Company ${n}`)].join('\n')),
    );
    return engine()
      .get(StartEnrichmentUseCase)
      .execute({ ...key, form: { fields: 'opener' }, file: { filename: 'leads.csv', content: { state: 'read', csv } } });
  }
  const exceeded = (limit: string, remaining: number, message?: string) => ({
    code: 'BUDGET_EXCEEDED',
    extra: { details: { limit, remaining } },
    ...(message === undefined ? {} : { message }),
  });

  /** An account with 1,000 credits and a second key with these limits. */
  async function budgeted(limits: ApiKeyLimitsChange) {
    const account = await engine().createAccount('Agent account', 1000);
    return { accountId: account.accountId, key: await engine().createKey(account.accountId, limits) };
  }
  /** Every row a paid call of the account could have written. */
  async function written(accountId: string) {
    const count = async (table: string) =>
      (await engine().dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`, [accountId]))[0].n as number;
    return {
      balance: (await engine().balanceOf(accountId)).balance,
      movements: (await engine().ledgerOf(accountId)).filter((row) => row.kind !== 'grant').length,
      reveals: await engine().revealCount(accountId),
      exports: await count('exports'),
      scrapes: await count('scrape_jobs'),
      enrichments: await count('enrichment_jobs'),
    };
  }
  const NOTHING = { balance: 1000, movements: 0, reveals: 0, exports: 0, scrapes: 0, enrichments: 0 };

  beforeAll(async () => {
    leads = await engine().seedContacts(120);
  });

  it('refuses every paid call over the per-call limit and writes nothing; calls within it go through', async () => {
    const { accountId, key } = await budgeted({ maxPerCall: 2 });
    expect(key.limits).toEqual({ budgetTotal: null, budgetDay: null, maxPerCall: 2, readOnly: false });
    const ids = freshLeads(3);

    await expect(reveal(key, ids)).rejects.toMatchObject(
      exceeded('per_call', 2, 'This key may spend at most 2 credits per call; this call needs 3.'),
    );
    await expect(scrape(key, NOT_HOSTS)).rejects.toMatchObject(exceeded('per_call', 2));
    await expect(startExport(key, 3)).rejects.toMatchObject(exceeded('per_call', 2));
    await expect(enrich(key, 3)).rejects.toMatchObject(exceeded('per_call', 2));
    await expect(engine().get(EnforceKeyBudgetUseCase).beforeWork(key, 3)).rejects.toMatchObject(exceeded('per_call', 2));
    expect(await written(accountId)).toEqual(NOTHING);

    expect((await reveal(key, ids.slice(0, 2))).credits_charged).toBe(2);
    // Leads revealed already cost nothing: the same three leads are now a call of 1.
    expect((await reveal(key, ids)).credits_charged).toBe(1);
    expect((await scrape(key, NOT_HOSTS.slice(0, 2))).credits_charged).toBe(2);
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 995, movements: 3, reveals: 3, scrapes: 1 });
  });

  it('spends a total budget down to 0, then refuses and writes nothing, saying what is left', async () => {
    const { accountId, key } = await budgeted({ budgetTotal: 4 });
    expect((await reveal(key, freshLeads(3))).credits_charged).toBe(3);
    await expect(reveal(key, freshLeads(2))).rejects.toMatchObject(
      exceeded('total', 1, 'This key may spend 1 more credit in total; this call needs 2.'),
    );
    await expect(scrape(key, NOT_HOSTS.slice(0, 2))).rejects.toMatchObject(exceeded('total', 1));
    await expect(startExport(key, 2)).rejects.toMatchObject(exceeded('total', 1));
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 997, movements: 1, reveals: 3 });

    expect((await reveal(key, freshLeads(1))).credits_charged).toBe(1);
    await expect(reveal(key, freshLeads(1))).rejects.toMatchObject(exceeded('total', 0));
    await expect(enrich(key, 1)).rejects.toMatchObject(exceeded('total', 0));
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 996, movements: 2, reveals: 4 });
    // The account's own key, without limits, is not held to the other key's budget.
    const own = (
      await engine().dataSource.query('SELECT id FROM api_keys WHERE account_id = $1 AND id <> $2', [accountId, key.apiKeyId])
    )[0].id;
    expect((await reveal({ accountId, apiKeyId: own, limits: null }, freshLeads(2))).credits_charged).toBe(2);
  });

  it("counts an export's delivery limit against the budget while it runs, and what it charged once it completed", async () => {
    const { accountId, key } = await budgeted({ budgetTotal: 10 });
    const started = await startExport(key, 8);
    await expect(reveal(key, freshLeads(3))).rejects.toMatchObject(exceeded('total', 2));
    await engine().get(RunExportUseCase).execute(started.job_id);
    // The export revealed 8 leads of its own choosing; the reveals go on with leads it left.
    const exported = new Set(
      (await engine().dataSource.query('SELECT contact_id FROM reveals WHERE account_id = $1', [accountId])).map(
        (row: { contact_id: string }) => row.contact_id,
      ),
    );
    const left = leads.filter((id) => !exported.has(id));
    await expect(reveal(key, left.slice(0, 3))).rejects.toMatchObject(exceeded('total', 2));
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 992, movements: 1, reveals: 8, exports: 1 });
    expect((await reveal(key, left.slice(0, 2))).credits_charged).toBe(2);
    await expect(startExport(key, 1)).rejects.toMatchObject(exceeded('total', 0));
  });

  it('gives back to the budget what a settled job refunded', async () => {
    const { accountId, key } = await budgeted({ budgetTotal: 3 });
    const job = await scrape(key, NOT_HOSTS);
    await expect(reveal(key, freshLeads(1))).rejects.toMatchObject(exceeded('total', 0));
    await engine().get(SettleScrapeUseCase).execute(job.id, 'failed');
    expect((await reveal(key, freshLeads(3))).credits_charged).toBe(3);
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 997, movements: 3, reveals: 3, scrapes: 1 });
  });

  it('spends a daily budget down to 0, then refuses', async () => {
    const { accountId, key } = await budgeted({ budgetDay: 5, budgetTotal: 100 });
    expect((await reveal(key, freshLeads(3))).credits_charged).toBe(3);
    await expect(reveal(key, freshLeads(3))).rejects.toMatchObject(
      exceeded('day', 2, 'This key may spend 2 more credits today; this call needs 3.'),
    );
    expect((await reveal(key, freshLeads(2))).credits_charged).toBe(2);
    await expect(reveal(key, freshLeads(1))).rejects.toMatchObject(exceeded('day', 0));
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 995, movements: 2, reveals: 5 });
  });

  it('refuses a read-only key every paid call, whatever it would cost, and writes nothing', async () => {
    const { accountId, key } = await budgeted({ readOnly: true });
    const readOnly = exceeded('read_only', 0, 'This key is read-only: it may call free endpoints only.');
    await expect(reveal(key, freshLeads(1))).rejects.toMatchObject(readOnly);
    await expect(scrape(key, NOT_HOSTS)).rejects.toMatchObject(readOnly);
    await expect(startExport(key, 5)).rejects.toMatchObject(readOnly);
    await expect(enrich(key, 1)).rejects.toMatchObject(readOnly);
    expect(await written(accountId)).toEqual(NOTHING);
  });

  it('lets exactly the budget through when calls of one key race', async () => {
    const { accountId, key } = await budgeted({ budgetTotal: 5 });
    const outcomes = await Promise.allSettled(freshLeads(12).map((id) => reveal(key, [id])));
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const failure of refused) expect(failure.reason).toMatchObject(exceeded('total', 0));
    expect(await written(accountId)).toEqual({ ...NOTHING, balance: 995, movements: 5, reveals: 5 });
  });
});
