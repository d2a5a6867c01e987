import type { SearchRequestInput } from '@lead-engine/contracts';

/**
 * A fixed, varied mix of lead queries: structured filters, substring titles (short ones such as
 * "cto" that also hit unrelated titles), whole-word titles, keywords OR-ed and AND-ed, excludes,
 * maxPerCompany, and combinations.
 */
export const QUERY_MIX: Array<{ name: string; filters: SearchRequestInput }> = [
  { name: 'everyone', filters: {} },
  {
    name: 'industry + size band',
    filters: { industry: ['Computer Software', 'Information Technology & Services'], companySize: ['51-200', '201-500'] },
  },
  { name: 'seniority + department', filters: { seniority: ['VP', 'Director'], department: ['Sales', 'Marketing'] } },
  { name: 'revenue + company type', filters: { revenue: ['$10M-50M', '$50M-100M'], companyType: ['private'] } },
  { name: 'government + country', filters: { companyType: ['government'], country: ['US'] } },
  { name: 'title substring "cto"', filters: { jobTitles: ['cto'] } },
  { name: 'title substring "vp"', filters: { jobTitles: ['vp', 'head of'] } },
  { name: 'title whole word', filters: { jobTitles: ['engineer', 'software engineer'], exactMatch: true } },
  { name: 'title + exclude', filters: { jobTitles: ['director'], excludeTitles: ['assistant', 'associate'] } },
  { name: 'keywords any', filters: { includeKeywords: ['saas', 'cloud', 'analytics'] } },
  { name: 'keywords all', filters: { includeKeywords: ['software', 'data'], matchAny: false } },
  {
    name: 'keywords whole word + exclude',
    filters: { includeKeywords: ['ai', 'health'], excludeKeywords: ['consulting'], exactMatch: true },
  },
  { name: 'maxPerCompany 1', filters: { maxPerCompany: 1, seniority: ['C-Suite', 'Owner'] } },
  {
    name: 'combined',
    filters: {
      industry: ['Hospital & Health Care'],
      seniority: ['Manager', 'Director'],
      jobTitles: ['nurse', 'clinical'],
      maxPerCompany: 3,
    },
  },
  { name: 'rare country', filters: { country: ['CA', 'GB', 'DE'], department: ['Engineering'] } },
  { name: 'no match', filters: { industry: ['Computer Software'], seniority: ['No Such Level'] } },
];
