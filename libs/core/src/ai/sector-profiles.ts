import type { Sector } from './sector-vocabulary';

export interface SectorProfile {
  companyType: string;
  companyTypePlural: string;
  descriptor: string;
  /** Who buys from companies of this sector. */
  buyerPersonas: string;
  /** Whom companies of this sector serve. */
  customers: string;
}

const profile = (
  companyType: string,
  companyTypePlural: string,
  descriptor: string,
  buyerPersonas: string,
  customers: string,
): SectorProfile => ({ companyType, companyTypePlural, descriptor, buyerPersonas, customers });

export const SECTOR_PROFILES: Record<Sector, SectorProfile> = {
  Technology: profile(
    'technology company',
    'technology companies',
    'technology',
    'CTOs, IT directors and engineering leaders',
    'businesses running on modern software and IT',
  ),
  Healthcare: profile(
    'healthcare organization',
    'healthcare organizations',
    'healthcare',
    'clinical leaders, practice managers and healthcare administrators',
    'patients, clinicians and care teams',
  ),
  'Financial Services': profile(
    'financial services firm',
    'financial services firms',
    'financial services',
    'CFOs, finance directors and risk and compliance leaders',
    'individuals and businesses managing money, risk and investments',
  ),
  'Professional Services': profile(
    'professional services firm',
    'professional services firms',
    'professional services',
    'managing partners, practice leads and operations directors',
    'businesses that bring in outside expertise',
  ),
  Legal: profile(
    'law firm',
    'law firms',
    'legal',
    'managing partners, general counsel and legal operations leads',
    'companies and individuals who need legal counsel',
  ),
  'Marketing & Media': profile(
    'marketing and media company',
    'marketing and media companies',
    'marketing and media',
    'CMOs, marketing directors and brand managers',
    'brands that want to reach and grow an audience',
  ),
  Manufacturing: profile(
    'manufacturer',
    'manufacturers',
    'manufacturing',
    'plant managers, operations directors and procurement leads',
    'distributors, OEMs and industrial buyers',
  ),
  'Retail & Consumer': profile(
    'consumer brand',
    'consumer brands',
    'retail and consumer',
    'e-commerce, merchandising and marketing leads',
    'shoppers and consumers',
  ),
  'Real Estate & Construction': profile(
    'real estate and construction company',
    'real estate and construction companies',
    'real estate and construction',
    'project managers, developers and property managers',
    'property owners, developers and tenants',
  ),
  'Transportation & Logistics': profile(
    'logistics company',
    'logistics companies',
    'transportation and logistics',
    'supply chain, fleet and operations managers',
    'shippers and businesses that move goods',
  ),
  'Energy & Utilities': profile(
    'energy company',
    'energy companies',
    'energy',
    'operations, asset and sustainability leaders',
    'homes, businesses and communities that need power',
  ),
  'Hospitality & Leisure': profile(
    'hospitality business',
    'hospitality businesses',
    'hospitality',
    'general managers, guest experience and revenue managers',
    'guests and travelers',
  ),
  Education: profile(
    'education provider',
    'education providers',
    'education',
    'administrators, deans and IT directors',
    'students, families and educators',
  ),
  Government: profile(
    'public sector organization',
    'public sector organizations',
    'public sector',
    'agency directors, program managers and procurement officers',
    'citizens and communities',
  ),
  Nonprofit: profile(
    'nonprofit organization',
    'nonprofit organizations',
    'nonprofit',
    'executive directors, development directors and program managers',
    'communities, donors and the people they serve',
  ),
  Agriculture: profile(
    'agricultural business',
    'agricultural businesses',
    'agriculture',
    'farm managers, operations leads and agronomists',
    'growers, food producers and distributors',
  ),
};

/** Industries whose own name makes a better company type than their sector's. */
export const INDUSTRY_COMPANY_TYPES: Record<string, [singular: string, plural: string, descriptor: string]> = {
  'computer software': ['software company', 'software companies', 'software'],
  'information technology and services': ['IT services company', 'IT services companies', 'IT services'],
  internet: ['internet company', 'internet companies', 'internet'],
  'computer & network security': ['cybersecurity company', 'cybersecurity companies', 'cybersecurity'],
  telecommunications: ['telecom company', 'telecom companies', 'telecommunications'],
  'hospital & health care': ['healthcare provider', 'healthcare providers', 'healthcare'],
  'medical practice': ['medical practice', 'medical practices', 'healthcare'],
  'medical devices': ['medical device company', 'medical device companies', 'medical devices'],
  pharmaceuticals: ['pharmaceutical company', 'pharmaceutical companies', 'pharmaceuticals'],
  biotechnology: ['biotech company', 'biotech companies', 'biotechnology'],
  banking: ['bank', 'banks', 'banking'],
  insurance: ['insurance company', 'insurance companies', 'insurance'],
  accounting: ['accounting firm', 'accounting firms', 'accounting'],
  'management consulting': ['consulting firm', 'consulting firms', 'management consulting'],
  'staffing and recruiting': ['staffing agency', 'staffing agencies', 'staffing and recruiting'],
  'marketing and advertising': ['marketing agency', 'marketing agencies', 'marketing and advertising'],
  'law practice': ['law firm', 'law firms', 'legal'],
  retail: ['retailer', 'retailers', 'retail'],
  'real estate': ['real estate company', 'real estate companies', 'real estate'],
  construction: ['construction company', 'construction companies', 'construction'],
  restaurants: ['restaurant group', 'restaurant groups', 'restaurants'],
  'higher education': ['college or university', 'colleges and universities', 'higher education'],
  'primary/secondary education': ['school', 'schools', 'K-12 education'],
  'logistics and supply chain': ['logistics company', 'logistics companies', 'logistics and supply chain'],
  automotive: ['automotive company', 'automotive companies', 'automotive'],
  'non-profit organization management': ['nonprofit organization', 'nonprofit organizations', 'nonprofit'],
};

/** Buyer personas named by what a website talks about, in the order they are offered. */
export const PERSONA_CUES: Array<[cue: string, persona: string]> = [
  ['developer', 'engineering teams'],
  ['engineering', 'engineering leaders'],
  ['marketing', 'marketing teams'],
  ['sales', 'sales leaders'],
  ['recruiting', 'HR and talent leaders'],
  ['hiring', 'HR and talent leaders'],
  ['payroll', 'finance and HR teams'],
  ['accounting', 'finance teams'],
  ['compliance', 'compliance officers'],
  ['security', 'security teams'],
  ['patient', 'clinicians and practice managers'],
  ['student', 'school administrators'],
  ['supply chain', 'operations and supply chain managers'],
  ['ecommerce', 'e-commerce managers'],
  ['customer support', 'customer support leaders'],
  ['data', 'data and analytics leaders'],
];
