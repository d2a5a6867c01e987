import { runLeadEngine } from '../support/lead-engine-nodes';
import { binaryText, csvItem } from '../support/node-harness';
import { scriptedServer } from '../support/scripted-server';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

const JOB_ID = '33333333-3333-4333-8333-333333333333';
const INPUT_CSV = 'name,email,website\r\nZoë Smith,zoe@acme.io,acme.io\r\n';

/** The multipart form the engine received, read back with the platform's own parser. */
async function receivedForm(raw: Buffer, contentType: string) {
  return await new Response(raw, { headers: { 'content-type': contentType } }).formData();
}

describe('n8n Lead Engine node: enrichment', () => {
  it('start uploads the input binary as the multipart form of the contract, then waits; download returns the CSV', async () => {
    const uploads: Array<{ raw: Buffer; contentType: string; key: string }> = [];
    let statusReads = 0;
    const server = await scriptedServer((request) => {
      if (request.method === 'POST') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk) => chunks.push(chunk));
        request.on('end', () =>
          uploads.push({
            raw: Buffer.concat(chunks),
            contentType: String(request.headers['content-type']),
            key: String(request.headers['idempotency-key']),
          }),
        );
        return { status: 202, body: { id: JOB_ID, status: 'queued', credits_charged: 3 } };
      }
      statusReads++;
      return {
        status: 200,
        body: { id: JOB_ID, status: statusReads < 2 ? 'running' : 'completed', download_url: `/api/v1/enrich-csv/jobs/${JOB_ID}/csv` },
      };
    });
    try {
      const { output } = await runLeadEngine({
        credentials: { baseUrl: server.baseUrl, apiKey: 'k' },
        parameters: {
          resource: 'enrichment',
          operation: 'start',
          binaryPropertyName: 'data',
          fields: ['icp_grading', 'opener'],
          targetIcp: 'Logistics SaaS',
          additionalFields: { seller_offer: 'Route planning', user_tag: 'batch 7' },
          options: { waitForCompletion: true, timeout: 30 },
        },
        items: [csvItem(INPUT_CSV, 'people.csv')],
      });
      expect(output).toEqual([{ json: expect.objectContaining({ id: JOB_ID, status: 'completed' }), pairedItem: { item: 0 } }]);
      expect(statusReads).toBe(2);

      const [upload] = uploads;
      expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.key).toMatch(/^n8n:\S+:enrich:0$/);
      const form = await receivedForm(upload.raw, upload.contentType);
      const file = form.get('file') as File;
      expect(file.name).toBe('people.csv');
      expect(await file.text()).toBe(INPUT_CSV);
      expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file'))).toEqual({
        fields: 'icp_grading,opener',
        target_icp: 'Logistics SaaS',
        seller_offer: 'Route planning',
        user_tag: 'batch 7',
      });
    } finally {
      await server.close();
    }
  });

  it('get, get many and download read the job, the listing and the result CSV', async () => {
    const enriched = 'name,email,website,opener,Website Read\r\nZoë Smith,zoe@acme.io,acme.io,"Hi Zoë, routes",yes\r\n';
    const server = await scriptedServer((request) => {
      if (request.url === `/api/v1/enrich-csv/jobs/${JOB_ID}/csv`) {
        return {
          status: 200,
          body: enriched,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="people-enriched.csv"' },
        };
      }
      if (request.url === `/api/v1/enrich-csv/jobs/${JOB_ID}`) return { status: 200, body: { id: JOB_ID, status: 'completed' } };
      if (request.url === '/api/v1/enrich-csv/jobs')
        return { status: 200, body: { jobs: [{ id: JOB_ID }, { id: 'older' }, { id: 'oldest' }] } };
      return { status: 404, body: { error: 'Job not found', code: 'JOB_NOT_FOUND' } };
    });
    const run = (parameters: Record<string, unknown>) =>
      runLeadEngine({
        credentials: { baseUrl: server.baseUrl, apiKey: 'k' },
        parameters: { resource: 'enrichment', ...parameters },
        continueOnFail: true,
      });
    try {
      expect((await run({ operation: 'get', jobId: JOB_ID })).output[0].json).toEqual({ id: JOB_ID, status: 'completed' });
      expect((await run({ operation: 'get', jobId: 'gone' })).output[0].json).toMatchObject({ code: 'JOB_NOT_FOUND', httpCode: '404' });
      expect((await run({ operation: 'getAll', returnAll: false, limit: 2 })).output.map((item) => item.json.id)).toEqual([
        JOB_ID,
        'older',
      ]);
      const downloaded = (await run({ operation: 'download', jobId: JOB_ID, binaryPropertyName: 'enriched' })).output[0];
      expect(downloaded.json).toEqual({ jobId: JOB_ID, fileName: 'people-enriched.csv' });
      expect(downloaded.binary!.enriched).toMatchObject({ mimeType: 'text/csv', fileName: 'people-enriched.csv' });
      expect(binaryText(downloaded, 'enriched')).toBe(enriched);
    } finally {
      await server.close();
    }
  });

  it('a missing input binary is an error of that item', async () => {
    const { output } = await runLeadEngine({
      credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k' },
      parameters: { resource: 'enrichment', operation: 'start', binaryPropertyName: 'data', fields: ['opener'], options: {} },
      items: [{ json: {} }],
      continueOnFail: true,
    });
    expect(output).toEqual([{ json: { error: 'No binary data in field "data"' }, pairedItem: { item: 0 } }]);
  });

  describe('against the engine', () => {
    let engine: SeededEngine;
    beforeAll(async () => {
      engine = await startSeededEngine('n8n_enrich', 1_000, { AI_PROVIDER: 'local' });
    });
    afterAll(async () => {
      await engine?.close();
    });

    it('start (wait) → get → get many → download (or, before the endpoints land, the engine code)', async () => {
      const run = (parameters: Record<string, unknown>, items = [{ json: {} }]) =>
        runLeadEngine({
          credentials: engine.credentials,
          parameters: { resource: 'enrichment', ...parameters },
          items,
          continueOnFail: true,
        });
      const started = await run(
        {
          operation: 'start',
          binaryPropertyName: 'data',
          fields: ['opener'],
          targetIcp: '',
          additionalFields: { user_tag: 'unit' },
          options: { waitForCompletion: true, timeout: 120 },
        },
        [csvItem('first_name,last_name,email,website\r\nZoë,Smith,zoe.smith@acme.io,acme.io\r\n')],
      );
      const job = started.output[0].json;
      expect(job).toMatchObject({ status: 'completed', total_rows: 1, fields: ['opener'], user_tag: 'unit' });
      expect((await run({ operation: 'get', jobId: job.id })).output[0].json).toMatchObject({ id: job.id, status: 'completed' });
      expect((await run({ operation: 'getAll', returnAll: true })).output.map((item) => item.json.id)).toContain(job.id);
      const downloaded = await run({ operation: 'download', jobId: job.id, binaryPropertyName: 'data' });
      const lines = binaryText(downloaded.output[0]).trim().split(/\r?\n/);
      expect(lines[0]).toBe('first_name,last_name,email,website,opener,Website Read');
      expect(lines).toHaveLength(2);
    });
  });
});
