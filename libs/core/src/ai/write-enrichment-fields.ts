import type { EnrichmentFieldId } from '@lead-engine/contracts';
import { assessIcp } from './assess-icp';
import { CompanyProfile, describeCompany } from './company-profile';
import { gradeForScore } from './icp-grade';
import type { ProspectFacts } from './prospect-facts';
import { readContactRole, RoleFunction } from './role-vocabulary';
import { simplifyJobTitle } from './simplify-job-title';
import { achievementSentence, addressedToReader, asSentence, clip, ownVoiceOffering, toldAbout } from './website-facts';

export interface CopyBrief {
  facts: ProspectFacts;
  /** Who the caller sells to; needed for icp_grading. */
  targetIcp: string | null;
  /** What the caller sells, in their words. */
  sellerOffer: string | null;
}

export type EnrichmentValues = Partial<Record<EnrichmentFieldId, string>>;

const FOCUS: Record<RoleFunction, string> = {
  executive: 'growth and priorities',
  engineering: 'shipping reliable software',
  technology: 'keeping systems reliable and secure',
  data: 'turning data into decisions',
  security: 'staying secure without slowing the business down',
  product: 'building what customers actually want',
  design: 'user experience',
  marketing: 'pipeline and brand',
  sales: 'pipeline and revenue',
  'customer success': 'retention and customer outcomes',
  finance: 'margins and cash flow',
  operations: 'running things efficiently',
  people: 'hiring and keeping great people',
  legal: 'risk and compliance',
  medical: 'patient outcomes',
  education: 'student outcomes',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
// "an SVP", "a VP", "an owner": acronyms by the sound of their first letter, words by their first vowel.
const article = (word: string) =>
  (/^[A-Z]{2,}\b/.test(word) ? /^[AEFHILMNORSX]/.test(word) : /^[aeiou]/i.test(word) && !/^(?:uni|use|one)/i.test(word)) ? 'an' : 'a';

function variant(key: string, count: number): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return hash % count;
}

function companyNameOf(facts: ProspectFacts): string {
  if (facts.companyName?.trim()) return facts.companyName.trim();
  const label = facts.domain?.split('.')[0];
  return label ? capitalize(label) : 'your company';
}

/** The caller's offer as a sentence: "payroll software for clinics" → "We offer payroll software for clinics." */
function offerSentence(offer: string | null): string | null {
  const text = offer?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  if (/^(?:we|our|i|my)\b/i.test(text)) return asSentence(capitalize(text));
  return asSentence(`We offer ${lowerFirst(text)}`);
}

/**
 * The local provider's copy for one row: every field written from templates filled with facts about
 * the contact, their company and its website, so each sentence can be traced to where it came from.
 */
export function writeEnrichmentFields(fields: readonly EnrichmentFieldId[], brief: CopyBrief): EnrichmentValues {
  const { facts } = brief;
  const company: CompanyProfile = describeCompany(facts);
  const name = companyNameOf(facts);
  const first = facts.firstName?.trim() || null;
  const hello = first ? `Hi ${first},` : 'Hi there,';
  const title = simplifyJobTitle(facts.title);
  const role = readContactRole(facts.title, facts.department, facts.seniority);
  const focus = FOCUS[[...role.functions][0] ?? 'executive'];
  const pick = variant(`${facts.domain ?? name}|${facts.email ?? ''}`, 3);

  const solution = company.solution;
  const snippet = solution ? clip(solution.replace(/[.!?]+$/, ''), 140) : null;
  const ownVoice = ownVoiceOffering(company.sentences);
  const addressed = ownVoice ? addressedToReader(clip(ownVoice, 160)) : null;
  const found = achievementSentence(company.sentences);
  const achievement = found ? toldAbout(found, name) : null;
  const offer = offerSentence(brief.sellerOffer);
  const plural = company.companyTypePlural;
  const customers = company.customers;

  const observation = addressed
    ? `I saw on ${name}'s website that ${addressed}.`
    : snippet
      ? `I noticed ${name}'s website leads with "${snippet}".`
      : `I came across ${name}, ${article(company.companyType)} ${company.companyType} working with ${customers}.`;
  const value =
    offer ?? `I work with ${plural} like ${name} and have a couple of ideas on ${focus} that could help as you serve ${customers}.`;
  const ask = ['Would a 15-minute call next week be useful?', 'Open to a quick chat next week?', 'Worth a short conversation?'][pick];
  const subject = [
    `Quick idea for ${name}`,
    `${first ? `${first}, ` : ''}a question about ${name}`,
    `${capitalize(company.industryDescriptor)} at ${name}`,
  ][pick];
  const email = (subjectLine: string, paragraphs: string[]) =>
    `Subject: ${subjectLine}\n\n${hello}\n\n${paragraphs.join('\n\n')}\n\nBest regards`;

  let assessment: ReturnType<typeof assessIcp> | null = null;
  const assess = () => (assessment ??= brief.targetIcp ? assessIcp(brief.targetIcp, facts, company) : null);

  const writers: Record<EnrichmentFieldId, () => string | null> = {
    opener: () => observation,
    icp_grading: () => {
      const result = assess();
      return result ? gradeForScore(result.score) : null;
    },
    icp: () => {
      const result = assess();
      if (result) return result.analysis;
      return `${name} serves ${customers}; its buyers are typically ${company.buyerPersonas}.`;
    },
    subject_lines: () =>
      [
        `Quick idea for ${name}`,
        `${first ? `${first}, ` : ''}question about ${company.industryDescriptor} at ${name}`,
        achievement ? `Congrats on the news at ${name}` : `For ${plural} like ${name}`,
      ].join(' | '),
    full_email: () => email(subject, [observation, value, ask]),
    custom_simplified_job_title: () => title,
    custom_who_they_work_with: () => capitalize(customers),
    custom_recent_professional_achievement: () => {
      if (achievement) return clip(achievement, 200);
      return title
        ? `Serves as ${title} at ${name}, ${article(company.companyType)} ${company.companyType} working with ${customers}.`
        : null;
    },
    custom_subject_line: () => subject,
    custom_personalized_opener: () => {
      const intro = title
        ? `As ${article(title)} ${title} at ${name}, you're likely focused on ${focus}.`
        : `Teams at ${name} are likely focused on ${focus}.`;
      return `${intro} ${observation}`;
    },
    custom_ps_line: () =>
      achievement
        ? `P.S. Congrats — I read that ${lowerFirst(clip(achievement.replace(/[.!?]+$/, ''), 160))}.`
        : snippet
          ? `P.S. Loved this line on your site: "${snippet}".`
          : `P.S. Always glad to meet people working with ${customers}.`,
    custom_two_liner: () => `${observation} ${value}`,
    custom_got_me_thinking: () =>
      snippet
        ? `Reading "${snippet}" on your site got me thinking about how ${name} handles ${focus} as it grows.`
        : `Looking at ${name} got me thinking about how ${plural} handle ${focus} as they grow.`,
    custom_full_email_v1: () =>
      email(`${capitalize(focus)} at ${name}`, [
        observation,
        `Most ${plural} I speak with find ${focus} harder as they grow, especially when serving ${customers}.`,
        value,
        ask,
      ]),
    custom_full_email_v2: () => email(`${first ? `${first} — ` : ''}${name}`, [`${observation} ${value}`, ask]),
    custom_company_type: () => company.companyType,
    custom_buyer_personas: () => company.buyerPersonas,
  };

  const values: EnrichmentValues = {};
  for (const field of fields) {
    const value = writers[field]()?.trim();
    if (value) values[field] = value;
  }
  return values;
}
