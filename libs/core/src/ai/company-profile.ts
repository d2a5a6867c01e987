import { companyTypeForIndustry } from '../leads/company-derivations';
import type { ProspectFacts } from './prospect-facts';
import { INDUSTRY_COMPANY_TYPES, PERSONA_CUES, SECTOR_PROFILES } from './sector-profiles';
import { Sector, sectorOfIndustry, sectorsNamedIn } from './sector-vocabulary';
import { TermIndex } from './text-terms';
import { customersPhrase, offeringSentence, websiteSentences } from './website-facts';

/** What the local provider says of a company, each part traceable to the facts it came from. */
export interface CompanyProfile {
  sector: Sector | null;
  /** `private`, `government`, `nonprofit` or `education` (contract §3), when known. */
  ownership: string | null;
  companyType: string;
  companyTypePlural: string;
  industryDescriptor: string;
  buyerPersonas: string;
  customers: string;
  /** What the company offers, in its own words where its website says so. */
  solution: string | null;
  /** Everything known of the company as searchable text. */
  corpus: TermIndex;
  sentences: string[];
}

const joinList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export function describeCompany(facts: ProspectFacts): CompanyProfile {
  const sentences = websiteSentences(facts.websiteText);
  const descriptionSentences = websiteSentences(facts.companyDescription);
  const corpus = new TermIndex([facts.industry, facts.companyDescription, facts.websiteText].filter(Boolean).join('\n'));
  const sector = sectorOfIndustry(facts.industry) ?? sectorsNamedIn(corpus)[0] ?? null;
  const sectorProfile = sector ? SECTOR_PROFILES[sector] : null;
  const named = facts.industry ? INDUSTRY_COMPANY_TYPES[facts.industry.trim().toLowerCase()] : undefined;
  const industry = facts.industry?.trim() || null;

  let companyType = named?.[0] ?? sectorProfile?.companyType ?? (industry ? `${industry.toLowerCase()} company` : 'company');
  let companyTypePlural =
    named?.[1] ?? sectorProfile?.companyTypePlural ?? (industry ? `${industry.toLowerCase()} companies` : 'companies');
  const industryDescriptor = named?.[2] ?? sectorProfile?.descriptor ?? industry?.toLowerCase() ?? 'business';
  const ownership = facts.companyType ?? (industry ? companyTypeForIndustry(industry) : null);
  if (!named && !sectorProfile && ownership === 'nonprofit')
    [companyType, companyTypePlural] = ['nonprofit organization', 'nonprofit organizations'];

  const personas = [...new Set(PERSONA_CUES.filter(([cue]) => corpus.has(cue)).map(([, persona]) => persona))].slice(0, 3);
  return {
    sector,
    ownership,
    companyType,
    companyTypePlural,
    industryDescriptor,
    buyerPersonas:
      personas.length > 0 ? joinList(personas) : (sectorProfile?.buyerPersonas ?? 'founders, operations leaders and department heads'),
    customers:
      customersPhrase(sentences) ?? customersPhrase(descriptionSentences) ?? sectorProfile?.customers ?? 'businesses in its market',
    solution: offeringSentence(sentences) ?? offeringSentence(descriptionSentences),
    corpus,
    sentences,
  };
}
