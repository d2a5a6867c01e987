import { runLeadEngine } from '../support/lead-engine-nodes';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';
import { htmlPage, startSiteProxy } from '../support/site-proxy';

describe('n8n Lead Engine node: scrape', () => {
  let engine: SeededEngine;
  let sites: Awaited<ReturnType<typeof startSiteProxy>>;

  beforeAll(async () => {
    sites = await startSiteProxy({
      'acme.test': htmlPage('Acme', 'Acme builds route planning software for logistics teams.'),
      'globex.test': htmlPage('Globex', 'Globex makes cleaning robots for warehouses.'),
      'initech.test': '<!doctype html><html><body></body></html>',
    });
    engine = await startSeededEngine('n8n_scrape', 100, { SCRAPE_PROXY_URL: sites.url });
  });
  afterAll(async () => {
    await engine?.close();
    await sites?.close();
  });

  const run = (parameters: Record<string, unknown>, items = [{ json: {} }] as Array<{ json: Record<string, unknown> }>) =>
    runLeadEngine({ credentials: engine.credentials, parameters: { resource: 'scrape', ...parameters }, items, continueOnFail: true });

  it('start from a list (one job per item) → wait → get → get many → results with Return All, Limit and an outcome filter', async () => {
    const started = await run({
      operation: 'start',
      source: 'list',
      domains: 'acme.test, https://www.globex.test/about\nnobody@initech.test',
      options: { waitForCompletion: true, timeout: 60 },
    });
    const job = started.output[0].json;
    expect(job).toMatchObject({ status: 'completed', total: 3, ok: 2, no_content: 1, credits_charged: 3, credits_refunded: 1 });
    expect(await engine.balance()).toBe(98);

    expect((await run({ operation: 'get', jobId: job.id })).output[0].json).toMatchObject({ id: job.id, status: 'completed' });
    expect((await run({ operation: 'getAll', returnAll: false, limit: 5 })).output.map((item) => item.json.id)).toContain(job.id);

    const all = await run({ operation: 'getResults', jobId: job.id, returnAll: true, status: '' });
    expect(all.output.map((item) => item.json.domain).sort()).toEqual(['acme.test', 'globex.test', 'initech.test']);
    expect(all.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
    const limited = await run({ operation: 'getResults', jobId: job.id, returnAll: false, limit: 2, status: '' });
    expect(limited.output).toHaveLength(2);
    const empty = await run({ operation: 'getResults', jobId: job.id, returnAll: true, status: 'no_content' });
    expect(empty.output.map((item) => item.json)).toEqual([
      expect.objectContaining({ domain: 'initech.test', status: 'no_content', text: '' }),
    ]);
    const ok = all.output.find((item) => item.json.domain === 'acme.test')!.json;
    expect(ok).toMatchObject({ status: 'ok', text: expect.stringContaining('route planning software') });
  });

  it('start from a field of the input items: one job for all items, paired with every item', async () => {
    const { output, requests } = await run({ operation: 'start', source: 'field', domainField: 'website', options: {} }, [
      { json: { website: 'acme.test' } },
      { json: { website: ['globex.test', 'acme.test'] } },
      { json: {} },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toEqual({ domains: ['acme.test', 'globex.test', 'acme.test'] });
    expect(output).toHaveLength(1);
    expect(output[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
    expect(output[0].json).toMatchObject({ total: 2, credits_charged: 2 });
  });

  it('a field empty on every item is an error item, and nothing is sent', async () => {
    const { output, requests } = await run({ operation: 'start', source: 'field', domainField: 'website', options: {} }, [{ json: {} }]);
    expect(requests).toHaveLength(0);
    expect(output).toEqual([{ json: { error: 'No input item has a domain in the chosen field' }, pairedItem: [{ item: 0 }] }]);
  });
});
