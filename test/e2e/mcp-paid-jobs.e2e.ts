import { Client } from 'pg';
import { createLogger } from '../../apps/engine/src/infrastructure/logging/create-logger';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { htmlPage } from './support/loopback-sites';
import { callTool, connectMcp, keyHeaders, McpClient, McpClientKind, toolErrorOf } from './support/mcp-client';
import { ChatRequest, OpenAiCompatibleServer } from './support/openai-compatible-server';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const TARGET_ICP = 'Heads of engineering at clinic software vendors with 50-500 employees';
const ICP_REQUEST = { target_icp: TARGET_ICP, email: 'ada@clinicsoft.ai.test' };
const PAID_FIELDS = ['credits_charged', 'balance', 'budget_remaining'];

/**
 * The loopback model grades from what the engine put in its prompt: the contact's title and the
 * company's website text each add to the score, so two calls agree only if they sent the same facts.
 */
function gradeFromPrompt(request: ChatRequest) {
  const prompt = request.messages.map((message) => message.content).join('\n');
  const title = prompt.includes('VP of Engineering');
  const website = prompt.includes('We build scheduling software for independent clinics');
  return {
    content: JSON.stringify({
      score: 20 + (title ? 31.2 : 0) + (website ? 30.5 : 0),
      company_type: website ? 'clinic scheduling vendor' : 'unknown company',
      company_type_plural: website ? 'clinic scheduling vendors' : 'unknown companies',
      industry_descriptor: 'health software',
      their_solution: website ? 'Online booking for independent clinics' : 'unknown',
      buyer_personas: 'Practice managers and clinic owners',
      analysis: `title ${title ? 'matches' : 'unknown'}; website ${website ? 'read' : 'unread'}`,
    }),
  };
}

describe('/mcp: score_icp, start_scrape and get_scrape_results succeed, charge and report like /api/v1', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  let ai: OpenAiCompatibleServer;
  /** The API engine's log lines, written by its own logger. */
  const engineLog: string[] = [];
  const harness = useHarness({
    label: 'mcp-paid-jobs',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      ai = harness.stopAfterAll(await new OpenAiCompatibleServer().start());
      ai.answer = gradeFromPrompt;
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => ({
      ...websites.env,
      AI_PROVIDER: 'openai',
      AI_MODEL: 'test-model',
      AI_API_KEY: 'sk-test-123',
      AI_BASE_URL: ai.baseUrl,
      ENGINE_ROLE: 'api',
      LOG_LEVEL: 'info',
    }),
    startOptions: { logger: createLogger('info', { role: 'api' }, { write: (line: string) => void engineLog.push(line) }) },
  });
  let api: typeof harness.engine;
  let db: Client;
  const clients: McpClient[] = [];

  const open = async (kind: McpClientKind, apiKey: string) => {
    const client = await connectMcp(kind, api.url, keyHeaders(kind, apiKey));
    clients.push(client);
    return client;
  };
  async function keyFor(accountId: string, flags: string[]) {
    const created = await harness.operator(['keys:create', '--account', accountId, ...flags, '--json']);
    if (created.code !== 0) throw new Error(`keys:create failed: ${created.stderr}`);
    return JSON.parse(created.stdout) as { keyId: string; apiKey: string };
  }
  const balanceOf = async (accountId: string) =>
    Number((await db.query('SELECT balance FROM accounts WHERE id = $1', [accountId])).rows[0].balance);
  const ledgerOf = async (accountId: string) =>
    (
      await db.query(
        `SELECT kind, amount::int AS amount, reason, reference, api_key_id FROM credit_ledger
         WHERE account_id = $1 AND kind <> 'grant' ORDER BY id`,
        [accountId],
      )
    ).rows;
  const firstKeyOf = async (accountId: string) =>
    (await db.query('SELECT id FROM api_keys WHERE account_id = $1 ORDER BY created_at, id LIMIT 1', [accountId])).rows[0].id as string;
  const toolCallsLogged = (apiKeyId: string) =>
    engineLog
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => ({ line, entry: JSON.parse(line) as Record<string, unknown> }))
      .filter(({ entry }) => entry.msg === 'mcp tool call' && entry.apiKeyId === apiKeyId);

  beforeAll(async () => {
    api = harness.engine;
    // The worker runs as its own process: Nest's Logger is global in a process, and a second in-process
    // engine started after the API would take the API's 'mcp tool call' lines to its own logger.
    await harness.spawnEngine({ ENGINE_ROLE: 'worker' });
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
    harness.closeAfterAll(() => Promise.all(clients.map((client) => client.close().catch(() => undefined))));
  });

  describe.each(['v2-2026', 'v1'] as const)('%s client', (kind) => {
    it('score_icp charges 1 credit, reports balance and budget, scores as /api/v1 does, and is logged without its arguments', async () => {
      const account = await harness.createAccount(`Scorer ${kind}`, 50);
      const budgeted = await keyFor(account.accountId, ['--budget-total', '5']);
      const firstKeyId = await firstKeyOf(account.accountId);
      const unlimited = await open(kind, account.apiKey);
      const limited = await open(kind, budgeted.apiKey);
      ai.requests.length = 0;

      const first = await callTool(unlimited, 'score_icp', ICP_REQUEST);
      expect(first.isError).toBeFalsy();
      const scored = first.structuredContent as Record<string, any>;
      expect(scored).toEqual({
        grade: 'A',
        score: 82,
        fit: 'high',
        company_type: 'clinic scheduling vendor',
        company_type_plural: 'clinic scheduling vendors',
        industry_descriptor: 'health software',
        their_solution: 'Online booking for independent clinics',
        buyer_personas: 'Practice managers and clinic owners',
        analysis: 'title matches; website read',
        cost_credits: 1,
        credits_charged: 1,
        balance: 49,
        budget_remaining: null,
      });
      expect(JSON.parse(first.content[0].text!)).toEqual(scored);
      expect(await balanceOf(account.accountId)).toBe(49);

      const second = (await callTool(limited, 'score_icp', ICP_REQUEST)).structuredContent as Record<string, any>;
      expect(second).toMatchObject({ credits_charged: 1, balance: 48, budget_remaining: { total: 4, day: null, per_call: null } });
      expect(await balanceOf(account.accountId)).toBe(48);

      // /api/v1 answers the same call with the same score and charges the same.
      const viaApi = await http(api.url, 'POST', '/api/v1/icp-score', { apiKey: account.apiKey, body: ICP_REQUEST });
      expect(viaApi.status).toBe(200);
      const withoutPaidFields = (result: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(result).filter(([field]) => !PAID_FIELDS.includes(field)));
      expect(viaApi.body).toEqual(withoutPaidFields(scored));
      expect(withoutPaidFields(second)).toEqual(withoutPaidFields(scored));
      expect(viaApi.body.cost_credits).toBe(scored.credits_charged);
      expect(await balanceOf(account.accountId)).toBe(47);
      // The model was asked once per call, with the same prompt each time.
      expect(ai.requests).toHaveLength(3);
      expect(ai.requests[0].messages.map((message) => message.content).join('\n')).toContain(TARGET_ICP);
      expect(ai.requests[1].messages).toEqual(ai.requests[0].messages);
      expect(ai.requests[2].messages).toEqual(ai.requests[0].messages);

      const spend = { kind: 'spend', amount: 1, reason: 'icp score', reference: expect.stringMatching(/^icp:/) };
      expect(await ledgerOf(account.accountId)).toEqual([
        { ...spend, api_key_id: firstKeyId },
        { ...spend, api_key_id: budgeted.keyId },
        { ...spend, api_key_id: firstKeyId },
      ]);

      const logged = toolCallsLogged(budgeted.keyId);
      expect(logged.map(({ entry }) => entry)).toEqual([
        expect.objectContaining({
          apiKeyId: budgeted.keyId,
          accountId: account.accountId,
          tool: 'score_icp',
          outcome: 'ok',
          credits: 1,
          ms: expect.any(Number),
        }),
      ]);
      expect(toolCallsLogged(firstKeyId).map(({ entry }) => [entry.tool, entry.credits])).toEqual([['score_icp', 1]]);
      for (const { line } of [...logged, ...toolCallsLogged(firstKeyId)]) {
        expect(line).not.toContain(TARGET_ICP);
        expect(line).not.toContain('clinicsoft');
        expect(line).not.toContain('ada@');
      }
      expect(engineLog.join('')).not.toContain(TARGET_ICP);
    });

    it("start_scrape holds a credit a domain, get_scrape_results returns the text, the failed domain is refunded; another account's id answers like an unknown one", async () => {
      const good = `rockets-${kind}.ai.test`;
      const gone = `gone-${kind}.ai.test`;
      // The failing site answers only once the test lets it, so nothing is refunded before the hold is checked.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      websites.sites
        .page(good, htmlPage('Acme Rockets', 'We build reusable rockets that fly weekly.', 'Rockets for everyone'))
        .site(gone, (_request, response) => void released.then(() => response.writeHead(404).end('gone')));
      const account = await harness.createAccount(`Scraper ${kind}`, 50);
      const key = await keyFor(account.accountId, ['--budget-total', '10']);
      const client = await open(kind, key.apiKey);
      let jobId = '';
      try {
        const started = await callTool(client, 'start_scrape', { domains: [good, `https://www.${good}/about`, `sales@${gone}`] });
        expect(started.isError).toBeFalsy();
        const job = started.structuredContent as Record<string, any>;
        jobId = job.id;
        expect(job).toMatchObject({
          id: expect.any(String),
          status: 'queued',
          total: 2,
          credits_charged: 2,
          credits_refunded: 0,
          balance: 48,
          budget_remaining: { total: 8, day: null, per_call: null },
        });
        expect(await balanceOf(account.accountId)).toBe(48);
        expect(await ledgerOf(account.accountId)).toEqual([
          { kind: 'hold', amount: 2, reason: 'scrape', reference: `scrape:${job.id}`, api_key_id: key.keyId },
        ]);
        const pending = (await callTool(client, 'get_scrape_results', { id: job.id })).structuredContent as Record<string, any>;
        expect(pending).toMatchObject({ job_id: job.id, status: expect.stringMatching(/^(queued|running)$/), offset: 0 });
        expect(pending.next_offset).toBe(pending.items.length);
      } finally {
        release();
      }

      const results = await until('the scrape', async () => {
        const polled = await callTool(client, 'get_scrape_results', { id: jobId });
        if (polled.isError) throw new Error(polled.content[0].text);
        const body = polled.structuredContent as Record<string, any>;
        return body.status === 'completed' ? body : undefined;
      });
      expect({ ...results, items: [...results.items].sort((a, b) => a.domain.localeCompare(b.domain)) }).toEqual({
        job_id: jobId,
        status: 'completed',
        offset: 0,
        next_offset: null,
        items: [
          { domain: gone, status: 'no_content', reason: 'http_status', http_status: 404, text: '', chars: 0, cached: false },
          {
            domain: good,
            status: 'ok',
            reason: null,
            http_status: null,
            text: 'Acme Rockets\nRockets for everyone\nAcme Rockets We build reusable rockets that fly weekly.',
            chars: 89,
            cached: false,
          },
        ],
      });

      // The domain that could not be read was refunded, to the account and to the key's budget.
      expect(await ledgerOf(account.accountId)).toEqual([
        { kind: 'hold', amount: 2, reason: 'scrape', reference: `scrape:${jobId}`, api_key_id: key.keyId },
        { kind: 'refund', amount: 1, reason: 'scrape refund', reference: `scrape:${jobId}`, api_key_id: key.keyId },
      ]);
      expect(await balanceOf(account.accountId)).toBe(49);
      expect((await callTool(client, 'get_credits')).structuredContent).toMatchObject({ balance: 49, total_spent: 1 });
      expect((await callTool(client, 'quote_reveal', { leadIds: [AI_CONTACTS[0].id] })).structuredContent).toMatchObject({
        budget_remaining: { total: 9, day: null, per_call: null },
      });
      const viaApi = await http(api.url, 'GET', `/api/v1/scrape/jobs/${jobId}`, { apiKey: key.apiKey });
      expect(viaApi.body).toMatchObject({ status: 'completed', total: 2, ok: 1, no_content: 1, credits_charged: 2, credits_refunded: 1 });

      const started = toolCallsLogged(key.keyId).filter(({ entry }) => entry.tool === 'start_scrape');
      expect(started.map(({ entry }) => entry)).toEqual([expect.objectContaining({ outcome: 'ok', credits: 2, ms: expect.any(Number) })]);
      expect(started[0].line).not.toContain('rockets');
      expect(started[0].line).not.toContain('gone');

      const stranger = await open(kind, (await harness.createAccount(`Stranger ${kind}`, 10)).apiKey);
      const unknownId = '0d6c7b7e-1111-4222-8333-444455556666';
      const foreign = toolErrorOf(await callTool(stranger, 'get_scrape_results', { id: jobId }));
      const unknown = toolErrorOf(await callTool(stranger, 'get_scrape_results', { id: unknownId }));
      expect({ ...foreign, message: foreign.message!.replace(jobId, 'ID') }).toEqual({
        ...unknown,
        message: unknown.message!.replace(unknownId, 'ID'),
      });
      expect(foreign.code).toBe('JOB_NOT_FOUND');
      expect(foreign.message).toContain(jobId);
    });
  });
});
