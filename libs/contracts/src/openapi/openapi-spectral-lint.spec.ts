import { readFileSync } from 'node:fs';
import { Document, RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { OPENAPI_DOCUMENT_PATH } from './write-openapi-document';

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

/**
 * The warnings Spectral's `oas` rules may give, each with why it stays and where (a JSON pointer per finding).
 * Any other finding, of any severity, fails.
 */
const ACCEPTED: Record<string, { why: string; at: string[] }> = {
  'operation-success-response': {
    why: 'The three retired POSTs answer only 410 ENDPOINT_RETIRED; a 2xx would promise what they never do.',
    at: [
      '#/paths/~1api~1v1~1enrich/post/responses',
      '#/paths/~1api~1v1~1find-email/post/responses',
      '#/paths/~1api~1v1~1find-phone/post/responses',
    ],
  },
  'info-contact': {
    why: 'Every self-hosted engine serves this document at /api/v1/openapi.json, and whoever runs it is the one to ask; the project has no address that would be true for every deployment.',
    at: ['#/info'],
  },
};

const pointer = (path: ReadonlyArray<string | number>): string =>
  `#/${path.map((segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** What Spectral's `oas` ruleset (its recommended rules, as `extends: spectral:oas`) says of the committed document, as severity → rule → pointers. */
async function spectralFindings(): Promise<Record<string, Record<string, string[]>>> {
  const spectral = new Spectral();
  // The ruleset's declared type lags spectral-core's; the object is the one `extends: spectral:oas` loads.
  spectral.setRuleset(oas as RulesetDefinition);
  const results = await spectral.run(new Document(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'), Json, OPENAPI_DOCUMENT_PATH));
  const findings: Record<string, Record<string, string[]>> = {};
  for (const result of results) {
    ((findings[SEVERITIES[result.severity]] ??= {})[String(result.code)] ??= []).push(pointer(result.path));
  }
  return findings;
}

describe('the OpenAPI document under Spectral’s oas rules', () => {
  it('has no errors, and only the warnings written down above', async () => {
    const { error, warning, info, hint } = await spectralFindings();
    expect(error).toBeUndefined();
    expect(info).toBeUndefined();
    expect(hint).toBeUndefined();
    const sorted = (findings: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(findings).map(([rule, paths]) => [rule, [...paths].sort()]));
    expect(sorted(warning ?? {})).toEqual(sorted(Object.fromEntries(Object.entries(ACCEPTED).map(([rule, { at }]) => [rule, at]))));
  }, 60_000);
});
