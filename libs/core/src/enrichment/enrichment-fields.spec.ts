import { DomainError } from '../errors/domain-error';
import { parseEnrichmentFields } from './enrichment-fields';

const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
};

describe('parseEnrichmentFields', () => {
  it('reads comma-separated ids, trimmed, case-insensitive, each once in the order given', () => {
    expect(parseEnrichmentFields(' Opener,custom_ps_line , opener,,full_email', null)).toEqual(['opener', 'custom_ps_line', 'full_email']);
  });

  it('refuses unknown ids and an empty list with INVALID_FIELDS naming them', () => {
    const unknown = failure(() => parseEnrichmentFields('opener,telepathy', null));
    expect(unknown.code).toBe('INVALID_FIELDS');
    expect(unknown.extra.invalid).toEqual(['telepathy']);
    expect(unknown.message).toMatch(/Unknown field id: telepathy\. Allowed: opener, icp_grading/);
    expect(failure(() => parseEnrichmentFields(' , ', null)).code).toBe('INVALID_FIELDS');
  });

  it('needs a target ICP for icp_grading', () => {
    expect(failure(() => parseEnrichmentFields('icp_grading', '  ')).code).toBe('TARGET_ICP_REQUIRED');
    expect(parseEnrichmentFields('icp_grading,icp', 'CTOs')).toEqual(['icp_grading', 'icp']);
    expect(parseEnrichmentFields('icp', null)).toEqual(['icp']);
  });
});
