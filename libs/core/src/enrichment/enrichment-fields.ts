import { ENRICHMENT_FIELD_IDS, EnrichmentFieldId } from '@lead-engine/contracts';
import { DomainError } from '../errors/domain-error';

const KNOWN = new Set<string>(ENRICHMENT_FIELD_IDS);

/**
 * The requested field ids from the comma-separated form value, in the order given, each once.
 * Unknown ids refuse the whole request (INVALID_FIELDS); icp_grading needs a target ICP (TARGET_ICP_REQUIRED).
 */
export function parseEnrichmentFields(raw: string, targetIcp: string | null | undefined): EnrichmentFieldId[] {
  const requested = raw
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .filter((field) => field !== '');
  const invalid = [...new Set(requested.filter((field) => !KNOWN.has(field)))];
  if (invalid.length > 0 || requested.length === 0) {
    throw new DomainError(
      'INVALID_FIELDS',
      invalid.length > 0
        ? `Unknown field id${invalid.length > 1 ? 's' : ''}: ${invalid.join(', ')}. Allowed: ${ENRICHMENT_FIELD_IDS.join(', ')}.`
        : `Give at least one field id. Allowed: ${ENRICHMENT_FIELD_IDS.join(', ')}.`,
      { invalid, allowed: [...ENRICHMENT_FIELD_IDS] },
    );
  }
  const fields = [...new Set(requested)] as EnrichmentFieldId[];
  if (fields.includes('icp_grading') && !targetIcp?.trim()) {
    throw new DomainError('TARGET_ICP_REQUIRED', 'icp_grading grades each row against target_icp: give target_icp (one or two sentences).');
  }
  return fields;
}
