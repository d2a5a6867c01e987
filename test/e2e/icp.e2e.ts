import { Client } from 'pg';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { seedLeads } from './support/seed-leads';

const SAAS_ICP = 'VPs of Engineering and CTOs at software companies with 50-500 employees in the US';

describe('icp-score with the local provider', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  const harness = useHarness({
    label: 'icp',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => websites.env,
  });
  let db: Client;

  const client = async (credits?: number) => {
    const account = await harness.createAccount('Scorer', credits);
    return { ...account, ai: new EnrichmentClient(harness.url, account.apiKey) };
  };
  const ledger = async (accountId: string) =>
    (
      await db.query(
        `SELECT kind, amount::int AS amount, reason FROM credit_ledger WHERE account_id = $1 AND kind <> 'grant' ORDER BY id`,
        [accountId],
      )
    ).rows;

  beforeAll(async () => {
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
  });

  it('refuses invalid requests with VALIDATION_ERROR and charges nothing', async () => {
    const { accountId, ai } = await client();
    const cases: Array<[unknown, string]> = [
      [{ email: 'ada@clinicsoft.ai.test' }, 'target_icp'],
      [{ target_icp: '', email: 'ada@clinicsoft.ai.test' }, 'target_icp'],
      [{ target_icp: 'x'.repeat(501), email: 'ada@clinicsoft.ai.test' }, 'target_icp'],
      [{ target_icp: SAAS_ICP }, 'email'],
      [{ target_icp: SAAS_ICP, first_name: 'Ada', domain: 'clinicsoft.ai.test' }, 'email'],
      [{ target_icp: SAAS_ICP, email: 'ada@clinicsoft.ai.test', phone: '555' }, 'phone'],
    ];
    for (const [body, path] of cases) {
      const response = await ai.icp(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'The request is not valid' });
      expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect(await ai.balance()).toBe(300);
    expect(await ledger(accountId)).toEqual([]);
  });

  it('grades a known contact from its contact data and website, and charges exactly one credit', async () => {
    const { accountId, ai } = await client();
    const response = await ai.icp({ target_icp: SAAS_ICP, email: 'Ada@ClinicSoft.ai.test' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      grade: 'A',
      score: expect.any(Number),
      fit: 'high',
      company_type: 'software company',
      their_solution: 'Scheduling software for independent clinics',
      buyer_personas: 'clinicians and practice managers',
      analysis: expect.stringContaining('VP of Engineering'),
      cost_credits: 1,
      company_type_plural: 'software companies',
      industry_descriptor: 'software',
    });
    expect(response.body.score).toBeGreaterThanOrEqual(80);
    expect(response.body.analysis).toMatch(/101–250 employees is within 50–500/);
    expect(await ai.balance()).toBe(299);
    expect(await ledger(accountId)).toEqual([{ kind: 'spend', amount: 1, reason: 'icp score' }]);
    // The website was read once and cached for the next caller.
    const again = await ai.icp({
      target_icp: SAAS_ICP,
      first_name: 'ada',
      last_name: 'LOVELACE',
      domain: 'https://www.clinicsoft.ai.test/about',
    });
    expect(again.body).toMatchObject({ grade: 'A', company_type: 'software company' });
    expect(websites.sites.count('clinicsoft.ai.test', '/')).toBe(1);
    expect(await ai.balance()).toBe(298);
  });

  it('keeps grade, score and fit consistent (contract §5) for weak and poor fits', async () => {
    const { ai } = await client();
    const graded = [];
    for (const email of ['hank@harbor-freight.ai.test', 'fran@foodbank.ai.test']) {
      const response = await ai.icp({ target_icp: SAAS_ICP, email });
      expect(response.status).toBe(200);
      graded.push(response.body);
    }
    for (const answer of graded) {
      const expected = answer.score >= 80 ? 'A' : answer.score >= 60 ? 'B' : answer.score >= 40 ? 'C' : 'D';
      expect(answer.grade).toBe(expected);
      expect(answer.fit).toBe({ A: 'high', B: 'medium', C: 'low', D: 'low' }[expected as 'A']);
      for (const key of ['company_type', 'their_solution', 'buyer_personas', 'analysis', 'company_type_plural', 'industry_descriptor']) {
        expect(typeof answer[key]).toBe('string');
        expect(answer[key].length).toBeGreaterThan(0);
      }
    }
    expect(graded.map((answer) => answer.grade)).toEqual(['D', 'D']);
    expect(graded[0]).toMatchObject({ company_type: 'logistics company', industry_descriptor: 'transportation and logistics' });
    expect(graded[1]).toMatchObject({ company_type: 'nonprofit organization', their_solution: expect.stringContaining('30,000 families') });
    // The same food bank is a strong fit for an ICP that asks for it.
    const nonprofit = await ai.icp({
      target_icp: 'Executive directors of nonprofit organizations such as food banks',
      email: 'fran@foodbank.ai.test',
    });
    expect(nonprofit.body).toMatchObject({ grade: 'A', fit: 'high' });
  });

  it('grades a contact the engine does not know from the request and an unreadable website', async () => {
    const { ai } = await client();
    const response = await ai.icp({
      target_icp: SAAS_ICP,
      first_name: 'Sam',
      last_name: 'Unknown',
      domain: 'blocked.ai.test',
      title: 'Chief Technology Officer',
      industry: 'Computer Software',
      company: 'Blocked Inc',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      company_type: 'software company',
      their_solution: 'software products and services',
      cost_credits: 1,
    });
    expect(response.body.analysis).toMatch(/headcount unknown/);
  });

  it('answers 402 with required and balance when the balance is 0, before asking the AI, and charges nothing', async () => {
    const { accountId, ai } = await client(0);
    const response = await ai.icp({ target_icp: SAAS_ICP, email: 'ada@clinicsoft.ai.test' });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required: 1, balance: 0 });
    expect(await ledger(accountId)).toEqual([]);
  });

  it('replays the first answer for the same Idempotency-Key and charges once', async () => {
    const { ai } = await client();
    const body = { target_icp: SAAS_ICP, email: 'ada@clinicsoft.ai.test' };
    const first = await ai.icp(body, { 'idempotency-key': 'icp-1' });
    const second = await ai.icp(body, { 'idempotency-key': 'icp-1' });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await ai.balance()).toBe(299);
    const reused = await ai.icp({ ...body, title: 'CTO' }, { 'idempotency-key': 'icp-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
