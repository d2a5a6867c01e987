import { Client } from 'pg';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { freePort } from './support/engine-under-test';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { ChatRequest, OpenAiCompatibleServer } from './support/openai-compatible-server';
import { seedLeads } from './support/seed-leads';

const CSV = 'Email,Website\nada@clinicsoft.ai.test,\n,foodbank.ai.test\n,blocked.ai.test\n';
const FIELDS = 'icp_grading,opener,custom_ps_line,full_email';
// 3 rows × (1 + 1 + 2 + 0)
const HOLD = 12;

/** Answers each row from its prompt, the way a model would: by what the website says. */
function modelAnswer(request: ChatRequest) {
  const prompt = request.messages.map((message) => message.content).join('\n');
  const clinic = prompt.includes('scheduling software');
  return {
    content: JSON.stringify({
      icp_grading: clinic ? 91 : 12,
      opener: clinic ? 'Your clinic booking tool looks great.' : 'Feeding 30,000 families is impressive.',
      custom_ps_line: clinic ? 'P.S. Congrats on ClinicPay.' : '',
      full_email: 'Subject: Hello\n\nHi,\n\nShort note.\n\nBest',
    }),
  };
}

describe('enrich-csv with AI_PROVIDER=openai against a loopback OpenAI-compatible server', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  let ai: OpenAiCompatibleServer;
  const provider = { AI_PROVIDER: 'openai', AI_MODEL: 'test-model', AI_MAX_ATTEMPTS: '2', AI_TIMEOUT_MS: '1000' };
  const harness = useHarness({
    label: 'enrich_openai',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      ai = harness.stopAfterAll(await new OpenAiCompatibleServer().start());
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => ({ ...websites.env, ...provider, AI_BASE_URL: ai.baseUrl }),
  });
  let db: Client;

  const client = async (url = harness.url) => {
    const account = await harness.createAccount('Enricher');
    return { ...account, api: new EnrichmentClient(url, account.apiKey) };
  };
  const ledger = async (accountId: string) =>
    (
      await db.query(`SELECT kind, amount::int AS amount FROM credit_ledger WHERE account_id = $1 AND kind <> 'grant' ORDER BY id`, [
        accountId,
      ])
    ).rows;

  beforeAll(async () => {
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
  });

  beforeEach(() => {
    ai.requests.length = 0;
  });

  it("writes the model's answers, grades from its scores, and refunds the cells it left empty", async () => {
    ai.answer = modelAnswer;
    const { accountId, api } = await client();
    const { job, records } = await api.enrich(CSV, { fields: FIELDS, target_icp: 'Clinic software companies', seller_offer: 'payments' });
    expect(job).toMatchObject({
      status: 'completed',
      credits_charged: HOLD,
      // Row 3's website is unreadable (4 credits); the model left custom_ps_line empty for the food bank (2).
      credits_refunded: 4 + 2,
      field_report: {
        icp_grading: { filled: 2, empty: 1 },
        opener: { filled: 2, empty: 1 },
        custom_ps_line: { filled: 1, empty: 2 },
        full_email: { filled: 2, empty: 1 },
      },
    });
    expect(records.map((row) => [row.icp_grading, row.custom_ps_line, row['Website Read']])).toEqual([
      ['A', 'P.S. Congrats on ClinicPay.', 'yes'],
      ['D', '', 'yes'],
      ['', '', 'no'],
    ]);
    // One request per readable row, each carrying the row's facts, the seller's offer and the requested keys.
    expect(ai.requests).toHaveLength(2);
    const prompt = ai.requests
      .map((request) => request.messages.map((message) => message.content).join('\n'))
      .find((text) => text.includes('ada@'))!;
    expect(prompt).toContain('"title": "VP of Engineering"');
    expect(prompt).toContain('What the seller offers:\npayments');
    expect(prompt).toContain('- "custom_ps_line":');
    expect(await ledger(accountId)).toEqual([
      { kind: 'hold', amount: HOLD },
      { kind: 'refund', amount: 6 },
    ]);
  });

  it('fails the job and refunds the whole hold when the provider keeps answering garbage', async () => {
    ai.answer = () => ({ content: 'not json at all' });
    const { accountId, api } = await client();
    const created = await api.upload(CSV, { fields: FIELDS, target_icp: 'Clinic software companies' });
    expect(created.status).toBe(202);
    const job = await api.finished(created.body.id);
    expect(job).toMatchObject({
      status: 'failed',
      stage: 'failed',
      credits_charged: HOLD,
      credits_refunded: HOLD,
      field_report: null,
      download_url: null,
    });
    expect(job.error).toMatch(/^AI service unavailable: .*malformed answer/);
    expect(await api.balance()).toBe(300);
    expect(await ledger(accountId)).toEqual([
      { kind: 'hold', amount: HOLD },
      { kind: 'refund', amount: HOLD },
    ]);
    const download = await api.download(job.id);
    expect({ status: download.status, code: download.body.code }).toEqual({ status: 409, code: 'JOB_NOT_READY' });
    expect((await api.list()).body.jobs[0]).toMatchObject({ id: job.id, status: 'failed', credits_net: 0 });
  });

  // An engine of its own (database, queues, worker) whose provider address has nothing listening.
  describe('on an engine of its own', () => {
    let refusedPort: number;
    const isolated = useHarness({
      label: 'enrich_refused',
      prepare: async () => {
        refusedPort = await freePort();
      },
      env: () => ({
        ...websites.env,
        AI_PROVIDER: 'openai',
        AI_MODEL: 'test-model',
        AI_MAX_ATTEMPTS: '2',
        AI_BASE_URL: `http://127.0.0.1:${refusedPort}/v1`,
      }),
    });

    it('fails the job and refunds the whole hold when the provider refuses connections', async () => {
      const refusing = isolated.engine;
      const account = await isolated.createAccount('Refused');
      const api = new EnrichmentClient(refusing.url, account.apiKey);
      const created = await api.upload(CSV, { fields: FIELDS, target_icp: 'Clinic software companies' });
      expect(created.status).toBe(202);
      const job = await api.finished(created.body.id);
      expect(job).toMatchObject({ status: 'failed', credits_charged: HOLD, credits_refunded: HOLD });
      expect(job.error).toMatch(/ECONNREFUSED/);
      expect(await api.balance()).toBe(300);
      await expectLedgerInvariant(isolated.environment.databaseUrl);
    });
  });
});
