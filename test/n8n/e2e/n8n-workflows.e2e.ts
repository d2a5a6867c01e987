import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../e2e/support/engine-under-test';
import { until } from '../../e2e/support/until';
import { N8nEditor } from '../support/n8n-editor';
import { ensureN8nInstalled, N8N_LINES } from '../support/n8n-install';
import { N8nInstance, nodeOutput } from '../support/n8n-instance';
import { PACKAGE_DIR, PACKAGE_NAME, PackedPackage, packPackage } from '../support/packed-package';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';
import { htmlPage, startSiteProxy } from '../support/site-proxy';

const CREDENTIAL = { id: 'leadEngineDemo01', name: 'Lead Engine account' };
const CSV_HEADER =
  'First Name,Last Name,Email,Phone,Company,Domain,Job Title,Seniority,Department,Industry,Country,State,City,Company Size,LinkedIn';

const example = (file: string) => JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'examples', file), 'utf8'));
const csvOf = (item: { binary?: Record<string, { data: string }> }) => Buffer.from(item.binary!.data.data, 'base64').toString('utf8');
const csvLines = (csv: string) => csv.trim().split(/\r?\n/);

/** The run of a successful `n8n execute`, or a failure that shows what n8n said. */
function succeeded(execution: Awaited<ReturnType<N8nInstance['execute']>>) {
  if (!execution.run)
    throw new Error(`n8n execute exited ${execution.result.code}:\n${execution.result.stdout}\n${execution.result.stderr}`);
  return execution.run;
}

describe.each(N8N_LINES)('n8n-nodes-lead-engine in a real $label', (line) => {
  let engine: SeededEngine;
  let n8n: N8nInstance;
  let packed: PackedPackage;
  let sites: Awaited<ReturnType<typeof startSiteProxy>>;
  let n8nPort = 0;
  let ownerCookie = '';

  /** n8n's own REST API, as its editor calls it. */
  const rest = async (method: string, apiPath: string, body?: unknown, cookie?: string) => {
    const response = await fetch(`http://127.0.0.1:${n8nPort}/rest${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0], body: (await response.json()) as any };
  };
  const engineWebhooks = async () =>
    (
      (await (await fetch(`${engine.url}/api/v1/webhooks`, { headers: { 'X-API-Key': engine.credentials.apiKey } })).json()) as {
        webhooks: Array<{ id: string; url: string; events: string[] }>;
      }
    ).webhooks;

  beforeAll(async () => {
    const installed = ensureN8nInstalled(line);
    sites = await startSiteProxy({
      'acme.test': htmlPage('Acme', 'Acme builds route planning software for logistics teams across North America.'),
      'globex.test': htmlPage('Globex', 'Globex makes industrial cleaning robots for warehouses and factories.'),
      'initech.test': '<!doctype html><html><body></body></html>',
    });
    engine = await startSeededEngine('n8n_e2e', 1_000, {
      SCRAPE_PROXY_URL: sites.url,
      AI_PROVIDER: 'local',
      // Webhook deliveries go to n8n on loopback, and only there.
      SCRAPE_ALLOWED_NETWORKS: '127.0.0.1/32',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
    });

    packed = packPackage();

    n8n = new N8nInstance(installed);
    await n8n.installPackage(packed.tarball, PACKAGE_NAME);
    await n8n.importCredentials([{ ...CREDENTIAL, type: 'leadEngineApi', data: engine.credentials }]);
  });

  afterAll(async () => {
    await n8n?.remove();
    await engine?.close();
    await sites?.close();
    packed?.remove();
  });

  it('packs with no runtime dependencies, only dist, and the files its n8n block lists', () => {
    const installed = path.join(n8n.userFolder, '.n8n/nodes/node_modules', PACKAGE_NAME);
    const manifest = N8nInstance.readJson<Record<string, any>>(path.join(installed, 'package.json'));
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
    expect(manifest.keywords).toContain('n8n-community-node-package');
    const files = N8nInstance.packedFiles(installed).filter((file) => !file.endsWith('/') && path.extname(file));
    expect(files.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE.md'].includes(file))).toEqual([]);
    for (const file of [...manifest.n8n.credentials, ...manifest.n8n.nodes]) expect(files).toContain(file);
  });

  it('count → export (wait) → download: the CSV arrives as binary data and the credits are spent', async () => {
    await n8n.importWorkflow({ ...example('count-export-download.workflow.json'), id: 'leCountExport01' });
    const before = await engine.balance();
    const run = succeeded(await n8n.execute('leCountExport01'));

    expect(nodeOutput(run, 'Count Leads')[0].json).toMatchObject({ estimated_total: 4, basis: 'exact' });
    const job = nodeOutput(run, 'Export Leads')[0].json;
    expect(job).toMatchObject({ status: 'completed', requestedLimit: 4, deliveredRows: 4, creditsCharged: 4 });

    const download = nodeOutput(run, 'Download CSV')[0];
    expect(download.json).toMatchObject({ exportId: job.id, deliveredRows: 4 });
    expect(download.binary!.data).toMatchObject({
      mimeType: 'text/csv',
      fileName: expect.stringMatching(/^lead-engine-export-.*-4\.csv$/),
    });
    const lines = csvLines(csvOf(download));
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).every((line) => line.includes('@acme.io'))).toBe(true);

    expect(nodeOutput(run, 'Credit Balance')[0].json.balance).toBe(before - 4);
    expect(await engine.balance()).toBe(before - 4);
  });

  it('a failing node fails the execution with the engine code (n8n exits 1)', async () => {
    const workflow = example('count-export-download.workflow.json');
    const exportNode = workflow.nodes.find((node: { name: string }) => node.name === 'Export Leads');
    exportNode.parameters.rows = 0;
    await n8n.importWorkflow({ ...workflow, id: 'leFailingExport' });
    const { result, run } = await n8n.execute('leFailingExport');
    expect(result.code).toBe(1);
    expect(run).toBeNull();
    expect(result.stdout + result.stderr).toMatch(/VALIDATION_ERROR: /);
  });

  it('trigger on export completed → download → enrich → download the enriched CSV', async () => {
    const workflow = example('export-completed-enrich-download.workflow.json');
    const trigger = workflow.nodes.find((node: { name: string }) => node.name === 'Export Completed');
    // n8n's presets poll at most once a minute; 1.x takes a custom six-field cron (seconds first) that polls
    // every 5 s, 2.x refuses anything shorter than a minute, so there the workflow's own every-minute poll runs.
    if (n8n.major === 1) {
      trigger.parameters.pollTimes = { item: [{ mode: 'custom', cronExpression: '0,5,10,15,20,25,30,35,40,45,50,55 * * * * *' }] };
    }
    await n8n.importWorkflow({ ...workflow, id: 'leOnExportDone1' });
    await n8n.activate('leOnExportDone1');
    n8nPort = await freePort();
    await n8n.start(n8nPort);
    // Activation polls once and remembers the jobs already finished; only exports finishing after it count.
    await n8n.waitUntilActive('leOnExportDone1');

    const started = await fetch(`${engine.url}/api/v1/leads/exports`, {
      method: 'POST',
      headers: { 'X-API-Key': engine.credentials.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ industry: ['Government Administration'], limit: 2 }),
    });
    const exportId = ((await started.json()) as { job_id: string }).job_id;

    let executions: Awaited<ReturnType<N8nInstance['executions']>> = [];
    const deadline = Date.now() + 240_000;
    while (executions.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      executions = await n8n.executions('leOnExportDone1');
    }
    if (executions.length !== 1) throw new Error(`expected one execution, got ${executions.length}; n8n said:\n${n8n.serverOutput}`);
    const { run, status } = executions[0];

    expect(nodeOutput(run, 'Export Completed').map((item) => item.json.id)).toEqual([exportId]);
    const exported = nodeOutput(run, 'Download Export')[0];
    expect(csvLines(csvOf(exported))).toHaveLength(3);

    expect(status).toBe('success');
    const job = nodeOutput(run, 'Enrich CSV')[0].json;
    expect(job).toMatchObject({ status: 'completed', total_rows: 2, fields: ['icp_grading', 'opener'], user_tag: `export ${exportId}` });
    const enriched = csvLines(csvOf(nodeOutput(run, 'Download Enriched CSV')[0]));
    expect(enriched).toHaveLength(3);
    expect(enriched[0]).toBe(`${CSV_HEADER},icp_grading,opener,Website Read`);
  });

  it("in n8n's editor API (n8n still running): the credential test passes, a wrong key fails, the dropdowns load", async () => {
    expect(n8nPort).not.toBe(0);
    const owner = await rest('POST', '/owner/setup', {
      email: 'owner@lead-engine.test',
      firstName: 'Owner',
      lastName: 'Test',
      password: 'Password123',
    });
    expect(owner.status).toBe(200);
    const cookie = owner.cookie!;
    ownerCookie = cookie;

    const test = (data: object) =>
      rest('POST', '/credentials/test', { credentials: { id: CREDENTIAL.id, name: CREDENTIAL.name, type: 'leadEngineApi', data } }, cookie);
    expect((await test(engine.credentials)).body.data).toMatchObject({ status: 'OK' });
    expect((await test({ ...engine.credentials, apiKey: 'le_live_wrong' })).body.data).toMatchObject({ status: 'Error' });

    const options = await rest(
      'POST',
      '/dynamic-node-parameters/options',
      {
        nodeTypeAndVersion: { name: 'n8n-nodes-lead-engine.leadEngine', version: 1 },
        methodName: 'getIndustries',
        path: 'filters.industry',
        currentNodeParameters: { resource: 'lead', operation: 'count', filters: {} },
        credentials: { leadEngineApi: CREDENTIAL },
      },
      cookie,
    );
    expect(options.body.data).toContainEqual({ name: 'Computer Software', value: 'Computer Software', description: '4 contacts' });
  });

  it('trigger in webhook mode (n8n still running): the workflow runs within 2 s of an export completing; deactivating it removes the subscription', async () => {
    expect(ownerCookie).not.toBe('');
    const created = await rest(
      'POST',
      '/workflows',
      {
        name: 'Lead Engine instant export trigger',
        active: false,
        nodes: [
          {
            id: randomUUID(),
            name: 'Export Completed Instantly',
            type: `${PACKAGE_NAME}.leadEngineTrigger`,
            typeVersion: 1,
            position: [0, 0],
            webhookId: randomUUID(),
            parameters: { mode: 'webhook', events: ['exportCompleted'] },
            credentials: { leadEngineApi: CREDENTIAL },
          },
        ],
        connections: {},
        settings: { executionOrder: 'v1' },
      },
      ownerCookie,
    );
    expect(created.status).toBe(200);
    const { id: workflowId, versionId } = created.body.data;
    // Both lines (1.123 and 2.x) activate and deactivate through these routes, as their editors do.
    const activated = await rest('POST', `/workflows/${workflowId}/activate`, { versionId }, ownerCookie);
    expect(activated.status).toBe(200);
    const [subscription] = await until('n8n to subscribe in the engine', async () => {
      const webhooks = await engineWebhooks();
      return webhooks.length === 1 ? webhooks : undefined;
    });
    expect(subscription).toMatchObject({
      events: ['export.completed'],
      url: expect.stringMatching(`^http://127.0.0.1:${n8nPort}/webhook/`),
    });

    const started = await fetch(`${engine.url}/api/v1/leads/exports`, {
      method: 'POST',
      headers: { 'X-API-Key': engine.credentials.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 1 }),
    });
    const exportId = ((await started.json()) as { job_id: string }).job_id;
    const [execution] = await until(
      'the instant trigger to run',
      async () => {
        const executions = await n8n.executions(workflowId);
        return executions.length > 0 ? executions : undefined;
      },
      () => n8n.serverOutput,
      60_000,
    );
    const [item] = nodeOutput(execution.run, 'Export Completed Instantly');
    expect(item.json).toMatchObject({ id: exportId, status: 'completed', type: 'export.completed' });
    const completedAt = Date.parse(item.json.completedAt as string);
    expect(execution.startedAt.getTime() - completedAt).toBeLessThan(2_000);

    const deactivated = await rest('POST', `/workflows/${workflowId}/deactivate`, {}, ownerCookie);
    expect(deactivated.status).toBe(200);
    await until('n8n to unsubscribe in the engine', async () => ((await engineWebhooks()).length === 0 ? true : undefined));
  });

  it("in n8n's editor in Chromium (n8n still running): a user finds the node by name in the node picker", async () => {
    expect(ownerCookie).not.toBe('');
    const editor = await N8nEditor.open(`http://127.0.0.1:${n8nPort}`, ownerCookie);
    try {
      for (const opener of ['canvas-add-button', 'node-creator-plus-button'] as const) {
        expect(await editor.searchNodePicker(opener, 'Lead Engine')).toContain('Lead Engine');
        expect((await editor.searchNodePicker(opener, 'lead'))[0]).toBe('Lead Engine');
      }
    } finally {
      await editor.close();
      await n8n.stop();
    }
  });

  it('scrape a list of domains → results, one item per domain', async () => {
    await n8n.importWorkflow({ ...example('scrape-domains-results.workflow.json'), id: 'leScrapeList001' });
    const before = await engine.balance();
    const execution = await n8n.execute('leScrapeList001');
    const run = succeeded(execution);
    expect(nodeOutput(run, 'Scrape Domains')[0].json).toMatchObject({
      status: 'completed',
      total: 3,
      ok: 2,
      no_content: 1,
      credits_charged: 3,
      credits_refunded: 1,
    });
    const results = nodeOutput(run, 'Scrape Results').map((item) => item.json);
    expect(results.map((item) => [item.domain, item.status]).sort()).toEqual([
      ['acme.test', 'ok'],
      ['globex.test', 'ok'],
      ['initech.test', 'no_content'],
    ]);
    expect(results.find((item) => item.domain === 'acme.test')!.text).toContain('route planning software');
    expect(await engine.balance()).toBe(before - 2);
  });
});
