import { NodeApiError } from 'n8n-workflow';
import { runLeadEngine } from '../support/lead-engine-nodes';
import { binaryText } from '../support/node-harness';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

const HEADER =
  'First Name,Last Name,Email,Phone,Company,Domain,Job Title,Seniority,Department,Industry,Country,State,City,Company Size,LinkedIn';

describe('n8n Lead Engine node: exports and credits', () => {
  let engine: SeededEngine;

  beforeAll(async () => {
    engine = await startSeededEngine('n8n_exports');
  });
  afterAll(async () => {
    await engine?.close();
  });

  const run = (
    credentials: SeededEngine['credentials'],
    resource: string,
    operation: string,
    parameters: Record<string, unknown> = {},
    extra = {},
  ) => runLeadEngine({ credentials, parameters: { resource, operation, ...parameters }, ...extra });

  it('start without waiting answers the queued job; get reads it; download gives the CSV as binary data', async () => {
    const account = await engine.newAccount('exporter', 100);
    const started = await run(account, 'export', 'start', { rows: 2, filters: { industry: ['Computer Software'] }, options: {} });
    expect(started.output[0].json).toMatchObject({ requested_limit: 2, capped_to_max: null });
    expect(started.requests[0].headers['Idempotency-Key']).toMatch(/^n8n:.+:export:0$/);
    const exportId = started.output[0].json.job_id as string;

    let job = (await run(account, 'export', 'get', { exportId })).output[0].json;
    for (let tries = 0; job.status !== 'completed' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await run(account, 'export', 'get', { exportId })).output[0].json;
    }
    expect(job).toMatchObject({ id: exportId, status: 'completed', deliveredRows: 2, creditsCharged: 2 });

    const downloaded = await run(account, 'export', 'download', { exportId, binaryPropertyName: 'csv' });
    const item = downloaded.output[0];
    expect(item.json).toMatchObject({
      exportId,
      deliveredRows: 2,
      fileName: expect.stringMatching(/^lead-engine-export-\d{4}-\d{2}-\d{2}-2\.csv$/),
    });
    expect(item.binary!.csv).toMatchObject({ mimeType: 'text/csv', fileName: item.json.fileName });
    const lines = binaryText(item, 'csv').trim().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    expect(item.pairedItem).toEqual({ item: 0 });
    expect(await engine.balance(account.apiKey)).toBe(98);
  });

  it('start with Wait for Completion returns the completed job', async () => {
    const account = await engine.newAccount('waiter', 100);
    const { output } = await run(account, 'export', 'start', {
      rows: 3,
      filters: { country: ['US'] },
      options: { waitForCompletion: true, timeout: 30 },
    });
    expect(output[0].json).toMatchObject({ status: 'completed', deliveredRows: 3, creditsCharged: 3, downloadable: true });
  });

  it('get many lists the most recent exports, up to the limit', async () => {
    const all = await run(engine.credentials, 'export', 'getAll', { returnAll: true });
    const account = await engine.newAccount('lister', 100);
    await run(account, 'export', 'start', { rows: 1, options: { waitForCompletion: true } });
    await run(account, 'export', 'start', { rows: 1, options: { waitForCompletion: true } });
    const limited = await run(account, 'export', 'getAll', { returnAll: false, limit: 1 });
    expect(limited.output).toHaveLength(1);
    expect((await run(account, 'export', 'getAll', { returnAll: true })).output).toHaveLength(2);
    expect(all.output).toHaveLength(0);
  });

  it('an unknown export is EXPORT_NOT_FOUND; with Continue On Fail the other items go on', async () => {
    const error = await run(engine.credentials, 'export', 'get', { exportId: '00000000-0000-4000-8000-000000000999' }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe('EXPORT_NOT_FOUND: Export not found');
    expect(error.httpCode).toBe('404');

    const { output } = await run(engine.credentials, 'credits', 'get', {}, { items: [{ json: {} }, { json: {} }] });
    expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);

    const mixed = await runLeadEngine({
      credentials: engine.credentials,
      parameters: {
        resource: 'export',
        operation: 'download',
        binaryPropertyName: 'data',
        exportId: (item: { json: { id: string } }) => item.json.id,
      },
      items: [{ json: { id: '00000000-0000-4000-8000-000000000998' } }, { json: { id: 'not-an-id' } }],
      continueOnFail: true,
    });
    expect(mixed.output).toEqual([
      { json: expect.objectContaining({ code: 'EXPORT_NOT_FOUND', httpCode: '404' }), pairedItem: { item: 0 } },
      { json: expect.objectContaining({ code: 'EXPORT_NOT_FOUND', httpCode: '404' }), pairedItem: { item: 1 } },
    ]);
  });

  it('credits get reads the balance', async () => {
    const account = await engine.newAccount('counter', 42);
    const { output } = await run(account, 'credits', 'get');
    expect(output).toEqual([{ json: { balance: 42, total_earned: 42, total_spent: 0 }, pairedItem: { item: 0 } }]);
  });

  it('a wrong API key is INVALID_API_KEY', async () => {
    const error = await run({ baseUrl: engine.url, apiKey: 'le_live_wrong' }, 'credits', 'get').catch((caught) => caught);
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe('INVALID_API_KEY: Invalid API key');
    expect(error.httpCode).toBe('401');
  });
});
