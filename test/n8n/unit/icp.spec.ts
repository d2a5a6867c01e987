import { runLeadEngine } from '../support/lead-engine-nodes';
import { scriptedServer } from '../support/scripted-server';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

const GRADE = {
  grade: 'B',
  score: 71,
  fit: 'medium',
  company_type: 'SaaS',
  their_solution: 'Route planning',
  buyer_personas: 'Ops leaders',
  analysis: 'Good fit',
  cost_credits: 1,
  company_type_plural: 'SaaS companies',
  industry_descriptor: 'software',
};

describe('n8n Lead Engine node: ICP score', () => {
  it('sends each item as a contract request (snake_case, empty fields left out) and returns the grade', async () => {
    const bodies: string[] = [];
    const server = await scriptedServer((request) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => bodies.push(`${request.method} ${request.url} ${request.headers['idempotency-key']} ${body}`));
      return { status: 200, body: GRADE };
    });
    try {
      const { output } = await runLeadEngine({
        credentials: { baseUrl: server.baseUrl, apiKey: 'k' },
        parameters: {
          resource: 'icp',
          operation: 'score',
          targetIcp: 'Logistics SaaS',
          email: (item: { json: { email: string } }) => item.json.email,
          additionalFields: (item: { json: { email: string } }) =>
            item.json.email ? { title: 'CTO', company: '' } : { first_name: 'Ana', last_name: 'Cto', domain: 'acme.io' },
        },
        items: [{ json: { email: 'zoe@acme.io' } }, { json: { email: '' } }],
      });
      expect(output).toEqual([
        { json: GRADE, pairedItem: { item: 0 } },
        { json: GRADE, pairedItem: { item: 1 } },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bodies).toEqual([
        expect.stringMatching(
          /^POST \/api\/v1\/icp-score n8n:\S+:icp:0 \{"target_icp":"Logistics SaaS","email":"zoe@acme.io","title":"CTO"\}$/,
        ),
        expect.stringMatching(
          /^POST \/api\/v1\/icp-score n8n:\S+:icp:1 \{"target_icp":"Logistics SaaS","first_name":"Ana","last_name":"Cto","domain":"acme.io"\}$/,
        ),
      ]);
    } finally {
      await server.close();
    }
  });

  describe('against the engine', () => {
    let engine: SeededEngine;
    beforeAll(async () => {
      engine = await startSeededEngine('n8n_icp', 100, { AI_PROVIDER: 'local' });
    });
    afterAll(async () => {
      await engine?.close();
    });

    it('grades a contact for 1 credit (or, before the ICP endpoint lands, fails with the engine code)', async () => {
      const result = await runLeadEngine({
        credentials: engine.credentials,
        parameters: {
          resource: 'icp',
          operation: 'score',
          targetIcp: 'B2B software companies selling to logistics teams.',
          email: 'zoe.smith@acme.io',
          additionalFields: {},
        },
        continueOnFail: true,
      });
      const json = result.output[0].json;
      expect(json).toMatchObject({ grade: expect.stringMatching(/^[ABCD]$/), score: expect.any(Number), cost_credits: 1 });
      expect(await engine.balance()).toBe(99);
    });
  });
});
