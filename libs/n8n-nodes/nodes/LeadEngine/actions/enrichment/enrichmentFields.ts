import type { INodePropertyOptions } from 'n8n-workflow';

/** The enrichment field ids of the API, with their cost per cell: custom_* 2 credits, full_email free, the others 1. */
const FIELDS: Array<[id: string, name: string]> = [
  ['opener', 'Opener'],
  ['icp_grading', 'ICP Grading'],
  ['icp', 'ICP'],
  ['subject_lines', 'Subject Lines'],
  ['full_email', 'Full Email'],
  ['custom_simplified_job_title', 'Custom: Simplified Job Title'],
  ['custom_who_they_work_with', 'Custom: Who They Work With'],
  ['custom_recent_professional_achievement', 'Custom: Recent Professional Achievement'],
  ['custom_subject_line', 'Custom: Subject Line'],
  ['custom_personalized_opener', 'Custom: Personalized Opener'],
  ['custom_ps_line', 'Custom: PS Line'],
  ['custom_two_liner', 'Custom: Two-Liner'],
  ['custom_got_me_thinking', 'Custom: Got Me Thinking'],
  ['custom_full_email_v1', 'Custom: Full Email V1'],
  ['custom_full_email_v2', 'Custom: Full Email V2'],
  ['custom_company_type', 'Custom: Company Type'],
  ['custom_buyer_personas', 'Custom: Buyer Personas'],
];

const cost = (id: string) => (id === 'full_email' ? 'free' : id.startsWith('custom_') ? '2 credits a row' : '1 credit a row');

export const enrichmentFieldOptions: INodePropertyOptions[] = FIELDS.map(([value, name]) => ({
  name,
  value,
  description: `${value}: ${cost(value)}`,
})).sort((a, b) => a.name.localeCompare(b.name));
