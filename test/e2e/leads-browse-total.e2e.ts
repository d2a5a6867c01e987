import type { browseRequestSchema, searchRequestSchema } from '@lead-engine/contracts';
import type { z } from 'zod';
import { useHarness } from './support/harness';

const CONTACTS = 150_000;

describe('leads: browse totals on a table too large to count within the browse budget', () => {
  const harness = useHarness({ label: 'browse_total', engine: 'none' });
  let exact: Awaited<ReturnType<typeof harness.startEngine>>;
  let hurried: Awaited<ReturnType<typeof harness.startEngine>>;
  let apiKey: string;

  beforeAll(async () => {
    await harness.generateContacts(CONTACTS, 5);
    ({ apiKey } = await harness.createAccount('Browser', 1_000));
    // The default budgets are latency promises, not guarantees: on a loaded machine an exact browse or count
    // could run out of them, so the engine that stands for "exact" gets budgets it cannot exhaust.
    exact = await harness.startEngine({ BROWSE_EXACT_TOTAL_BUDGET_MS: '600000', COUNT_EXACT_BUDGET_MS: '600000' });
    hurried = await harness.startEngine({ BROWSE_EXACT_TOTAL_BUDGET_MS: '0' });
  }, 120_000);

  const browse = (url: string, body: z.input<typeof browseRequestSchema>) => harness.api(apiKey, url)('browseLeads', { body });
  const count = (url: string, body: z.input<typeof searchRequestSchema>) => harness.api(apiKey, url)('countLeads', { body });

  it('counts the total exactly without a per-company cap, whatever the budget', async () => {
    const filters = { seniority: ['Director', 'Manager'] };
    const counted = await count(exact.url, filters);
    const quick = await browse(hurried.url, { ...filters, page: 3, limit: 50 });
    expect(quick).toMatchObject({ total: counted.estimated_total, total_is_exact: true, total_is_estimate: false, note: null });
  });

  it('with a per-company cap, estimates the total, says so, and returns the same page as an exact browse', async () => {
    const filters = { seniority: ['Director', 'Manager'], maxPerCompany: 3 };
    const counted = await count(exact.url, filters);
    const full = await browse(exact.url, { ...filters, page: 3, limit: 50 });
    const quick = await browse(hurried.url, { ...filters, page: 3, limit: 50 });

    expect(full).toMatchObject({ total: counted.estimated_total, total_is_exact: true, total_is_estimate: false, note: null });
    expect(quick).toMatchObject({ total_is_exact: false, total_is_estimate: true, returned: 50, next_page: 4 });
    expect(quick.note).toMatch(/^total estimated from the first \d+ of 150000 contacts/);
    expect(quick.leads).toEqual(full.leads);
    expect(Math.abs(quick.total! - full.total!) / full.total!).toBeLessThan(0.1);
  });

  it('is exact again when the page can only be filled by scanning to the end', async () => {
    const filters = { seniority: ['Director'], maxPerCompany: 3 };
    const total = (await browse(exact.url, filters)).total!;
    const lastPage = Math.ceil(total / 1000);
    const quick = await browse(hurried.url, { ...filters, page: lastPage, limit: 1000 });
    expect(quick).toMatchObject({ total, total_is_exact: true, total_is_estimate: false, next_page: null, note: null });
    expect(quick.returned).toBe(total - (lastPage - 1) * 1000);
  });

  it('returns a 1000-row page (read in parallel parts) exactly as ten 100-row pages, in browse order', async () => {
    const filters = { department: ['Sales', 'Engineering'] };
    const big = await browse(exact.url, { ...filters, limit: 1000 });
    const small = [];
    for (let page = 1; page <= 10; page++) small.push(...(await browse(exact.url, { ...filters, page, limit: 100 })).leads);
    expect(big.returned).toBe(1000);
    expect(big.leads).toEqual(small);
    expect(new Set(big.leads.map((lead) => lead.id)).size).toBe(1000);
  });

  it('reveals 600 leads at once (read in parallel parts), each once, and finds none of them again', async () => {
    const { apiKey: revealer } = await harness.createAccount('Revealer', 1_000);
    const api = harness.api(revealer, exact.url);
    const page = await api('browseLeads', { body: { limit: 600 } });
    const ids = page.leads.map((lead) => lead.id);
    const reveal = await api('revealLeads', { body: { leadIds: [...ids].reverse() } });
    expect(reveal).toMatchObject({ credits_charged: 600, new_reveals: 600, already_revealed: 0, not_found: [] });
    expect(reveal.revealed.map((lead) => lead.id)).toEqual([...ids].reverse());
    const next = await api('browseLeads', { body: { limit: 600 } });
    expect(next.leads.filter((lead) => ids.includes(lead.id))).toEqual([]);
  });
});
