import type { NormalizedFilters } from './normalize-filters';

/** Whether the filters leave every lead in: no list has a value (exactMatch and matchAny alone select nothing). */
export function selectsEveryLead(filters: NormalizedFilters): boolean {
  const lists = [
    filters.industryNames,
    filters.seniorities,
    filters.countryCodes,
    filters.companySizes,
    filters.revenues,
    filters.departments,
    filters.companyTypes,
    filters.jobTitles,
    filters.excludeTitles,
    filters.includeKeywords,
    filters.excludeKeywords,
  ];
  return lists.every((list) => list.length === 0) && filters.maxPerCompany === null;
}
