import { ENRICHMENT_FIELD_IDS, type EnrichmentFieldId, enrichmentFieldCost } from '@lead-engine/contracts/enrichment';

export { ENRICHMENT_MAX_BYTES, ENRICHMENT_MAX_ROWS, enrichmentFieldCost, type EnrichmentFieldId } from '@lead-engine/contracts/enrichment';

/** What each field is called on the page; its id is the column it adds to the CSV. */
export const FIELD_NAMES: Record<EnrichmentFieldId, string> = {
  opener: 'Opener',
  icp_grading: 'ICP grade',
  icp: 'ICP fit',
  subject_lines: 'Subject lines (three)',
  full_email: 'Full email',
  custom_simplified_job_title: 'Simplified job title',
  custom_who_they_work_with: 'Who they work with',
  custom_recent_professional_achievement: 'Recent professional achievement',
  custom_subject_line: 'Subject line',
  custom_personalized_opener: 'Personalized opener',
  custom_ps_line: 'P.S. line',
  custom_two_liner: 'Two-liner',
  custom_got_me_thinking: '“Got me thinking” line',
  custom_full_email_v1: 'Full email, version 1',
  custom_full_email_v2: 'Full email, version 2',
  custom_company_type: 'Company type',
  custom_buyer_personas: 'Buyer personas',
};

/** A field's name on the page; an id this app does not know (a newer engine's) as it is. */
export const fieldName = (id: string): string => FIELD_NAMES[id as EnrichmentFieldId] ?? id;

export const STANDARD_FIELDS = ENRICHMENT_FIELD_IDS.filter((id) => !id.startsWith('custom_'));
export const CUSTOM_FIELDS = ENRICHMENT_FIELD_IDS.filter((id) => id.startsWith('custom_'));

/** "free", "1 credit a row", "2 credits a row". */
export function perRowWords(credits: number): string {
  if (credits === 0) return 'free';
  return `${credits} ${credits === 1 ? 'credit' : 'credits'} a row`;
}

export const fieldPriceWords = (id: EnrichmentFieldId) => perRowWords(enrichmentFieldCost(id));

/** The ids in the contracts' order, so that a price and the request list them alike. */
export const inFieldOrder = (ids: Iterable<EnrichmentFieldId>) => {
  const chosen = new Set(ids);
  return ENRICHMENT_FIELD_IDS.filter((id) => chosen.has(id));
};

/** "10 MB", "10.1 MB", "840 KB", rounded up: a file just over the limit never reads as the limit. */
export function fileSizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}
