import { SYNTHETIC_INDUSTRIES, SyntheticCategory } from '../leads/synthetic';
import { TermIndex } from './text-terms';

/** The industry categories of the contact data, used as sectors. */
export type Sector = SyntheticCategory;

/** Words that point to a sector when they appear in a target ICP, a company description or website text. */
export const SECTOR_TERMS: Record<Sector, string[]> = {
  Technology: [
    'software',
    'saas',
    'cloud',
    'technology company',
    'tech company',
    'it service',
    'devtool',
    'developer tool',
    'api',
    'startup',
    'internet',
    'cybersecurity',
    'semiconductor',
    'telecom',
    'telecommunication',
  ],
  Healthcare: [
    'healthcare',
    'health care',
    'hospital',
    'clinic',
    'medical',
    'pharma',
    'pharmaceutical',
    'biotech',
    'life science',
    'patient',
    'dental',
    'health system',
    'healthtech',
  ],
  'Financial Services': [
    'fintech',
    'financial service',
    'bank',
    'banking',
    'insurance',
    'insurer',
    'lending',
    'lender',
    'payment',
    'investment',
    'wealth management',
    'asset management',
    'credit union',
    'accounting firm',
  ],
  'Professional Services': [
    'consulting',
    'consultancy',
    'professional service',
    'staffing',
    'agency',
    'outsourcing',
    'engineering firm',
    'architecture firm',
  ],
  Legal: ['law firm', 'legal service', 'attorney', 'lawyer', 'legal practice'],
  'Marketing & Media': [
    'marketing agency',
    'advertising',
    'media company',
    'publishing',
    'publisher',
    'entertainment',
    'creative agency',
    'pr agency',
  ],
  Manufacturing: ['manufacturing', 'manufacturer', 'factory', 'industrial', 'machinery', 'automotive', 'aerospace', 'chemical', 'oem'],
  'Retail & Consumer': [
    'retail',
    'retailer',
    'ecommerce',
    'e commerce',
    'consumer brand',
    'd2c',
    'dtc',
    'direct to consumer',
    'online store',
    'shopify',
    'wholesale',
    'apparel',
  ],
  'Real Estate & Construction': [
    'real estate',
    'property management',
    'construction',
    'contractor',
    'homebuilder',
    'proptech',
    'commercial real estate',
  ],
  'Transportation & Logistics': [
    'logistics',
    'transportation',
    'shipping',
    'freight',
    'supply chain',
    'trucking',
    'fleet',
    'warehousing',
    '3pl',
  ],
  'Energy & Utilities': ['energy', 'utility', 'utilities', 'oil and gas', 'solar', 'renewable', 'power company', 'cleantech'],
  'Hospitality & Leisure': ['hospitality', 'hotel', 'restaurant', 'travel', 'tourism', 'leisure', 'fitness studio', 'gym'],
  Education: ['education', 'school', 'university', 'college', 'edtech', 'e learning', 'k 12', 'higher education'],
  Government: ['government', 'public sector', 'municipal', 'municipality', 'federal', 'agency of', 'city government', 'state agency'],
  Nonprofit: ['nonprofit', 'non profit', 'charity', 'foundation', 'ngo', 'not for profit'],
  Agriculture: ['agriculture', 'agricultural', 'farm', 'farming', 'agtech', 'grower', 'ranch'],
};

const SECTORS = Object.keys(SECTOR_TERMS) as Sector[];

const SECTOR_BY_INDUSTRY = new Map<string, Sector>(
  SYNTHETIC_INDUSTRIES.map((industry) => [industry.name.toLowerCase(), industry.category]),
);

/** The sector of an industry name of the contact data; for other names, the sector its words point to. */
export function sectorOfIndustry(industry: string | null | undefined): Sector | null {
  if (!industry?.trim()) return null;
  const known = SECTOR_BY_INDUSTRY.get(industry.trim().toLowerCase());
  if (known) return known;
  return sectorsNamedIn(new TermIndex(industry))[0] ?? null;
}

/** Sectors whose words appear in a text, the most mentioned first. */
export function sectorsNamedIn(index: TermIndex): Sector[] {
  return SECTORS.map((sector) => ({ sector, hits: index.count(SECTOR_TERMS[sector]) }))
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((entry) => entry.sector);
}

export const SECTOR_VOCABULARY: readonly string[] = Object.values(SECTOR_TERMS).flat();
