import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { OPENAPI_DOCUMENT_PATH } from './write-openapi-document';

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
  it('has no errors; only the three retired POSTs lack a 2xx answer, and no component is unused', async () => {
    const { errors, warnings } = await recommendedProblems();
    expect(errors).toEqual([]);
    expect(warnings['operation-2xx-response']?.map((pointer) => pointer.replace(/\/responses$/, '')).sort()).toEqual([
      '#/paths/~1api~1v1~1enrich/post',
      '#/paths/~1api~1v1~1find-email/post',
      '#/paths/~1api~1v1~1find-phone/post',
    ]);
    expect(warnings['no-unused-components']).toBeUndefined();
  }, 60_000);
});
