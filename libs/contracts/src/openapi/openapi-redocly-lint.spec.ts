import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { OPENAPI_DOCUMENT_PATH } from './write-openapi-document';

/**
 * The warnings Redocly's recommended rules may give, each with why it stays and where (a JSON pointer per finding).
 * Any other warning or error fails.
 */
const ACCEPTED: Record<string, { why: string; at: string[] }> = {
  'operation-2xx-response': {
    why: 'The three retired POSTs answer only 410 ENDPOINT_RETIRED; a 2xx would promise what they never do.',
    at: [
      '#/paths/~1api~1v1~1enrich/post/responses',
      '#/paths/~1api~1v1~1find-email/post/responses',
      '#/paths/~1api~1v1~1find-phone/post/responses',
    ],
  },
};

/** What Redocly's recommended rules say of the committed document, grouped as rule → pointers. */
async function recommendedProblems(): Promise<{ errors: string[]; warnings: Record<string, string[]> }> {
  const problems = await lintFromString({
    source: readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'),
    absoluteRef: OPENAPI_DOCUMENT_PATH,
    config: await createConfig({ extends: ['recommended'] }),
  });
  const warnings: Record<string, string[]> = {};
  for (const problem of problems.filter((problem) => problem.severity === 'warn')) {
    (warnings[problem.ruleId] ??= []).push(problem.location[0]?.pointer ?? '');
  }
  const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`);
  return { errors, warnings };
}

describe('the OpenAPI document under Redocly’s recommended rules', () => {
  it('has no errors, and only the warnings written down above', async () => {
    const { errors, warnings } = await recommendedProblems();
    expect(errors).toEqual([]);
    const sorted = (findings: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(findings).map(([rule, pointers]) => [rule, [...pointers].sort()]));
    expect(sorted(warnings)).toEqual(sorted(Object.fromEntries(Object.entries(ACCEPTED).map(([rule, { at }]) => [rule, at]))));
  }, 60_000);
});
