import type { EnrichmentFieldId } from '@lead-engine/contracts';
import type { RowEnrichmentRequest } from '../../ai-provider.port';
import type { ChatMessage } from '../chat-completions-client';
import { prospectBrief } from './prospect-brief';

export const ENRICH_ROW_PROMPT_VERSION = 'enrich-row/v1';

const FIELD_GUIDE: Record<EnrichmentFieldId, string> = {
  opener: 'one-sentence cold email opener that refers to something specific on their website',
  icp_grading: 'integer 0-100: how well they fit the ideal customer profile',
  icp: 'one or two sentences on how they fit the ideal customer profile (or, without one, whom they sell to)',
  subject_lines: 'three short email subject lines separated by " | "',
  full_email: 'a short cold email: "Subject: …", a blank line, greeting, 2-3 short paragraphs, sign-off',
  custom_simplified_job_title: 'their job title as people say it (e.g. "VP Sales")',
  custom_who_they_work_with: 'the customers the company serves, a short phrase',
  custom_recent_professional_achievement: 'a recent achievement of the company or person stated on the website, one sentence',
  custom_subject_line: 'one short email subject line',
  custom_personalized_opener: 'two sentences: their role and focus, then something specific from their website',
  custom_ps_line: 'a "P.S." line referring to something on their website',
  custom_two_liner: 'a two-sentence cold email: an observation, then the offer',
  custom_got_me_thinking: 'one sentence: "… got me thinking about …", quoting their website',
  custom_full_email_v1: 'a problem-led cold email: "Subject: …", greeting, observation, problem, offer, ask',
  custom_full_email_v2: 'a very short cold email: "Subject: …", greeting, one paragraph, ask',
  custom_company_type: 'what kind of company this is, singular (e.g. "software company")',
  custom_buyer_personas: 'the roles that buy from this company',
};

const SYSTEM = `You write B2B sales research and cold email copy for one contact at a time.
Use only the facts given (the contact, their company, and the text of the company website). Never invent
names, numbers, customers or achievements. If the facts do not support a field, return "" for it.
Plain text only: no Markdown, no placeholders such as [Name]. Answer with one JSON object and nothing else.`;

export function enrichRowPrompt(request: RowEnrichmentRequest): ChatMessage[] {
  const keys = request.fields.map((field) => `- "${field}": ${FIELD_GUIDE[field]}`).join('\n');
  const context = [
    request.targetIcp ? `Ideal customer profile of the seller:\n${request.targetIcp}` : null,
    request.sellerOffer
      ? `What the seller offers:\n${request.sellerOffer}`
      : 'The seller did not describe their offer; keep the copy about the prospect.',
    `What is known of the contact and company (JSON):\n${prospectBrief(request.facts)}`,
    `Return a JSON object with exactly these keys:\n${keys}`,
  ];
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: context.filter(Boolean).join('\n\n') },
  ];
}
