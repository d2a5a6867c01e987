import { Client } from 'pg';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { freePort } from './support/engine-under-test';
import { EnrichmentClient } from './support/enrichment-client';
import { Harness, useHarness } from './support/harness';
import { OpenAiCompatibleServer } from './support/openai-compatible-server';
import { seedLeads } from './support/seed-leads';

const TARGET = 'VPs of Engineering at software companies with 50-500 employees';
const ANSWER = {
  score: 72.4,
  company_type: 'clinic scheduling vendor',
  company_type_plural: 'clinic scheduling vendors',
  industry_descriptor: 'health software',
  their_solution: 'Online booking for independent clinics',
  buyer_personas: 'Practice managers and clinic owners',
  analysis: 'Right role and industry; company size fits.',
};

describe('icp-score with AI_PROVIDER=openai against a loopback OpenAI-compatible server', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  let ai: OpenAiCompatibleServer;
  const provider = {
    AI_PROVIDER: 'openai',
    AI_MODEL: 'test-model',
    AI_API_KEY: 'sk-test-123',
    AI_MAX_ATTEMPTS: '3',
    AI_TIMEOUT_MS: '1000',
  };
  const harness = useHarness({
    label: 'icp_openai',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      ai = harness.stopAfterAll(await new OpenAiCompatibleServer().start());
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => ({ ...websites.env, ...provider, AI_BASE_URL: ai.baseUrl }),
  });
  let refusing: Harness['engine'];
  let db: Client;

  const client = async (url = harness.url) => {
    const account = await harness.createAccount('Scorer');
    return { ...account, api: new EnrichmentClient(url, account.apiKey) };
  };
  const spent = async (accountId: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind <> 'grant'`, [accountId])).rows[0].n;
  const body = { target_icp: TARGET, email: 'ada@clinicsoft.ai.test' };

  beforeAll(async () => {
    // Nothing listens on this port: every connection is refused.
    refusing = await harness.startEngine({ AI_BASE_URL: `http://127.0.0.1:${await freePort()}/v1` });
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
  });

  beforeEach(() => {
    ai.requests.length = 0;
  });

  it('answers with the model, grounded in the contact data and website, grade and fit derived from its score', async () => {
    ai.answer = () => ({ content: JSON.stringify(ANSWER) });
    const { accountId, api } = await client();
    const response = await api.icp(body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...ANSWER, score: 72, grade: 'B', fit: 'medium', cost_credits: 1 });
    expect(await api.balance()).toBe(299);
    expect(await spent(accountId)).toBe(1);

    expect(ai.requests).toHaveLength(1);
    const [request] = ai.requests;
    expect(request.model).toBe('test-model');
    expect(request.authorization).toBe('Bearer sk-test-123');
    const prompt = request.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain(TARGET);
    expect(prompt).toContain('"title": "VP of Engineering"');
    expect(prompt).toContain('"companySize": "101 to 250"');
    expect(prompt).toContain('We build scheduling software for independent clinics');
  });

  it('reads an answer wrapped in a Markdown fence, and retries 500s and 429s with backoff', async () => {
    let calls = 0;
    ai.answer = () => {
      calls++;
      if (calls === 1) return { status: 500, body: '{"error":"boom"}' };
      if (calls === 2) return { status: 429, body: '{"error":"slow down"}', headers: { 'retry-after': '0' } };
      return { content: `Here you go:\n\`\`\`json\n${JSON.stringify(ANSWER)}\n\`\`\`` };
    };
    const { api } = await client();
    const response = await api.icp(body);
    expect(response.status).toBe(200);
    expect(response.body.grade).toBe('B');
    expect(ai.requests).toHaveLength(3);
    expect(await api.balance()).toBe(299);
  });

  it.each([
    ['a malformed answer', () => ({ content: 'I think this is a great fit!' })],
    ['an answer missing keys', () => ({ content: JSON.stringify({ score: 90 }) })],
    ['a score out of range', () => ({ content: JSON.stringify({ ...ANSWER, score: 140 }) })],
    ['500 on every try', () => ({ status: 503, body: 'upstream down' })],
    ['no answer within the timeout', () => ({ hang: true as const })],
  ])('answers 503 AI_SERVICE_UNAVAILABLE after three tries on %s, and charges nothing', async (_label, answer) => {
    ai.answer = answer;
    const { accountId, api } = await client();
    const response = await api.icp(body);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'AI_SERVICE_UNAVAILABLE', error: 'AI service unavailable' });
    expect(ai.requests).toHaveLength(3);
    expect(await api.balance()).toBe(300);
    expect(await spent(accountId)).toBe(0);
  });

  it('does not retry a refused request (401): it answers 503 at once', async () => {
    ai.answer = () => ({ status: 401, body: '{"error":"bad key"}' });
    const { api } = await client();
    expect((await api.icp(body)).status).toBe(503);
    expect(ai.requests).toHaveLength(1);
  });

  it('answers 503 when the server refuses connections, and charges nothing', async () => {
    const { accountId, api } = await client(refusing.url);
    const response = await api.icp(body);
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('AI_SERVICE_UNAVAILABLE');
    expect(response.body.message).toMatch(/ECONNREFUSED/);
    expect(await spent(accountId)).toBe(0);
  });
});
