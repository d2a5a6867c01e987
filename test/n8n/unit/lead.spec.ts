import { NodeApiError } from 'n8n-workflow';
import { fixtureId } from '../../e2e/support/lead-fixture';
import { SeedContact, seedLeads } from '../../e2e/support/seed-leads';
import { LeadEngine, runLeadEngine } from '../support/lead-engine-nodes';
import { nodeHarness } from '../support/node-harness';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

describe('n8n Lead Engine node: leads', () => {
  let engine: SeededEngine;

  beforeAll(async () => {
    engine = await startSeededEngine('n8n_leads');
  });
  afterAll(async () => {
    await engine?.close();
  });

  const lead = (operation: string, parameters: Record<string, unknown> = {}, extra: Partial<Parameters<typeof runLeadEngine>[0]> = {}) =>
    runLeadEngine({ credentials: engine.credentials, parameters: { resource: 'lead', operation, ...parameters }, ...extra });

  describe('count', () => {
    it('counts with the filters of each item, free, one output item per input item', async () => {
      const before = await engine.balance();
      const { output } = await lead(
        'count',
        {
          filters: (_item: unknown, index: number) =>
            index === 0 ? { industry: ['Computer Software'] } : { jobTitles: 'cto, professor', exactMatch: true },
        },
        { items: [{ json: {} }, { json: {} }] },
      );
      expect(output.map((item) => item.json.estimated_total)).toEqual([4, 2]);
      expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
      expect(output[1].json.filters).toMatchObject({ jobTitles: ['cto', 'professor'], exactMatch: true });
      expect(await engine.balance()).toBe(before);
    });

    it('counts everything without filters (an empty filter set)', async () => {
      const { output } = await lead('count', { filters: {} });
      expect(output[0].json).toMatchObject({ estimated_total: 8, basis: 'exact' });
    });
  });

  describe('browse', () => {
    it('returns masked leads up to the limit, one item each', async () => {
      const { output, requests } = await lead('browse', { returnAll: false, limit: 3, filters: {} });
      expect(output).toHaveLength(3);
      expect(output[0].json).toMatchObject({ id: fixtureId(1), lastName: 'S.', companyDomain: null });
      expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
      expect(requests).toHaveLength(1);
    });

    it('returns all matches with Return All', async () => {
      const { output } = await lead('browse', { returnAll: true, filters: { country: ['US'] } });
      expect(output).toHaveLength(7);
    });
  });

  describe('reveal', () => {
    it('reveals the ids of all input items in one call and pairs each lead with the items that asked for it', async () => {
      const account = await engine.newAccount('revealer', 100);
      const items = [{ json: { id: fixtureId(4) } }, { json: { id: fixtureId(5) } }, { json: { id: fixtureId(4) } }];
      const { output, requests } = await runLeadEngine({
        credentials: account,
        parameters: { resource: 'lead', operation: 'reveal', leadIds: (item: { json: { id: string } }) => item.json.id },
        items,
      });
      expect(requests).toHaveLength(1);
      expect(requests[0].headers['Idempotency-Key']).toMatch(/^n8n:/);
      expect(output.map((item) => item.json.email)).toEqual(['cyoung@springfield.gov', 'dana.ng@springfield.gov']);
      expect(output[0].pairedItem).toEqual([{ item: 0 }, { item: 2 }]);
      expect(output[1].pairedItem).toEqual([{ item: 1 }]);
      expect(await engine.balance(account.apiKey)).toBe(98);
    });

    it('turns an engine error into a NodeApiError carrying the code and the HTTP status', async () => {
      const error = await lead('reveal', { leadIds: 'not-a-uuid' }).catch((caught) => caught);
      expect(error).toBeInstanceOf(NodeApiError);
      expect(error.message).toMatch(/^BAD_ID: /);
      expect(error.httpCode).toBe('400');
      expect(error.context.itemIndex).toBe(0);
    });

    it('with Continue On Fail, an engine error becomes an error item for each input item of the batch', async () => {
      const broke = await engine.newAccount('broke', 0);
      const { output } = await runLeadEngine({
        credentials: broke,
        parameters: { resource: 'lead', operation: 'reveal', leadIds: (item: { json: { id: string } }) => item.json.id },
        items: [{ json: { id: fixtureId(1) } }, { json: { id: fixtureId(2) } }],
        continueOnFail: true,
      });
      expect(output).toEqual([
        { json: expect.objectContaining({ code: 'INSUFFICIENT_CREDITS', httpCode: '402' }), pairedItem: { item: 0 } },
        { json: expect.objectContaining({ code: 'INSUFFICIENT_CREDITS', httpCode: '402' }), pairedItem: { item: 1 } },
      ]);
    });
  });

  describe('filter dropdowns', () => {
    it('loads industries, seniorities, countries, departments, sizes and revenues from GET /leads/filters', async () => {
      const { loadOptions } = nodeHarness({ credentials: engine.credentials, parameters: {} });
      const methods = new LeadEngine().methods.loadOptions;
      const industries = await methods.getIndustries.call(loadOptions);
      expect(industries).toContainEqual({ name: 'Computer Software', value: 'Computer Software', description: '4 contacts' });
      expect((await methods.getSeniorities.call(loadOptions)).map((option) => option.value)).toContain('C-Suite');
      expect(await methods.getCountries.call(loadOptions)).toEqual([
        { name: 'United States (US)', value: 'US', description: '7 contacts' },
        { name: 'Canada (CA)', value: 'CA', description: '1 contact' },
      ]);
      expect((await methods.getDepartments.call(loadOptions)).map((option) => option.value)).toContain('Engineering');
      expect((await methods.getCompanySizes.call(loadOptions)).map((option) => option.value)).toContain('51 to 100');
      expect((await methods.getRevenues.call(loadOptions)).map((option) => option.value)).toContain('$10M-50M');
    });
  });

  describe('past 1,000 leads', () => {
    const MANY = 2_050;

    beforeAll(async () => {
      const contacts: SeedContact[] = Array.from({ length: MANY }, (_, index) => ({
        id: fixtureId(10_000 + index),
        company: 'bulk.example',
        first: `Bulk${index}`,
        last: 'Lead',
        email: `bulk${index}@bulk.example`,
        phone: null,
        title: 'Bulk Buyer',
        seniority: 'Entry',
        department: 'Purchasing',
        country: 'US',
      }));
      const company = {
        domain: 'bulk.example',
        name: 'Bulk',
        size: '501 to 1000',
        industry: 'Wholesale',
        type: 'private' as const,
        revenue: '$100M-250M',
        description: 'Bulk buying',
      };
      await seedLeads(engine.environment, [company], contacts);
      // The engine reloads its lead index when told; wait until browse can see them.
      for (let tries = 0; tries < 100; tries++) {
        const { output } = await lead('count', { filters: { department: ['Purchasing'] } });
        if (output[0].json.estimated_total === MANY) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    it('browse pages under the hood and reveal batches at most 1,000 ids a call', async () => {
      const browsed = await lead('browse', { returnAll: true, filters: { department: ['Purchasing'] } });
      expect(browsed.output).toHaveLength(MANY);
      expect(browsed.requests).toHaveLength(3);
      expect(new Set(browsed.output.map((item) => item.json.id)).size).toBe(MANY);

      const limited = await lead('browse', { returnAll: false, limit: 1_500, filters: { department: ['Purchasing'] } });
      expect(limited.output).toHaveLength(1_500);

      const account = await engine.newAccount('bulk', 5_000);
      const revealed = await runLeadEngine({
        credentials: account,
        parameters: { resource: 'lead', operation: 'reveal', leadIds: (item: { json: { id: string } }) => item.json.id },
        items: browsed.output.map((item) => ({ json: item.json })),
      });
      expect(revealed.requests.map((request) => (request.body as { leadIds: string[] }).leadIds.length)).toEqual([1000, 1000, 50]);
      expect(revealed.output).toHaveLength(MANY);
      expect(revealed.output[1_999].pairedItem).toEqual([{ item: 1_999 }]);
      expect(await engine.balance(account.apiKey)).toBe(5_000 - MANY);
    });
  });
});
