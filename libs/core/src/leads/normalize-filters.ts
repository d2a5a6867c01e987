import { DomainError } from '../errors/domain-error';
import {
  COMPANY_SIZE_BANDS,
  COMPANY_SIZE_BUCKETS,
  COMPANY_TYPES,
  type CompanySizeBucket,
  type CompanyType,
  isCompanySizeBand,
  isCompanySizeBucket,
} from './company-derivations';

/** A single string is accepted where a list is expected (contract §2). */
type StringList = string | readonly string[] | null | undefined;

export interface RawFilterSet {
  industry?: StringList;
  industryNames?: StringList;
  seniority?: StringList;
  seniorities?: StringList;
  country?: StringList;
  countryCodes?: StringList;
  companySize?: StringList;
  companySizes?: StringList;
  revenue?: StringList;
  revenues?: StringList;
  department?: StringList;
  departments?: StringList;
  companyType?: StringList;
  companyTypes?: StringList;
  jobTitle?: StringList;
  jobTitles?: StringList;
  excludeTitles?: StringList;
  includeKeywords?: StringList;
  excludeKeywords?: StringList;
  maxPerCompany?: number | null;
  exactMatch?: boolean | null;
  matchAny?: boolean | null;
}

export interface NormalizedFilters {
  industryNames: string[];
  seniorities: string[];
  countryCodes: string[];
  companySizes: string[];
  revenues: string[];
  departments: string[];
  companyTypes: CompanyType[];
  jobTitles: string[];
  excludeTitles: string[];
  includeKeywords: string[];
  excludeKeywords: string[];
  maxPerCompany: number | null;
  exactMatch: boolean;
  matchAny: boolean;
  /** Raw buckets the size filter admits; null when there is no size filter, [] when it admits none. */
  companySizeBuckets: CompanySizeBucket[] | null;
}

export function normalizeFilters(input: RawFilterSet): NormalizedFilters {
  const companySizes = mergeLists(input.companySize, input.companySizes);
  return {
    industryNames: mergeLists(input.industry, input.industryNames),
    seniorities: mergeLists(input.seniority, input.seniorities),
    countryCodes: mergeLists(input.country, input.countryCodes, (code) => code.toUpperCase()),
    companySizes,
    revenues: mergeLists(input.revenue, input.revenues),
    departments: mergeLists(input.department, input.departments),
    companyTypes: checkCompanyTypes(mergeLists(input.companyType, input.companyTypes, (type) => type.toLowerCase())),
    jobTitles: mergeLists(input.jobTitle, input.jobTitles),
    excludeTitles: mergeLists(input.excludeTitles),
    includeKeywords: mergeLists(input.includeKeywords),
    excludeKeywords: mergeLists(input.excludeKeywords),
    maxPerCompany: checkMaxPerCompany(input.maxPerCompany),
    exactMatch: input.exactMatch ?? false,
    matchAny: input.matchAny ?? true,
    companySizeBuckets: companySizes.length === 0 ? null : bucketsForSizes(companySizes),
  };
}

function mergeLists(first: StringList, second?: StringList, canonical: (value: string) => string = (v) => v): string[] {
  const seen = new Set<string>();
  for (const list of [first, second]) {
    if (list == null) continue;
    for (const raw of typeof list === 'string' ? [list] : list) {
      const value = canonical(raw.trim());
      if (value !== '') seen.add(value);
    }
  }
  return [...seen];
}

/** Unknown sizes contribute nothing: an unknown filter value matches nothing rather than failing. */
function bucketsForSizes(sizes: readonly string[]): CompanySizeBucket[] {
  const wanted = new Set<CompanySizeBucket>();
  for (const size of sizes) {
    if (isCompanySizeBand(size)) COMPANY_SIZE_BANDS[size].forEach((bucket) => wanted.add(bucket));
    else if (isCompanySizeBucket(size)) wanted.add(size);
  }
  return COMPANY_SIZE_BUCKETS.filter((bucket) => wanted.has(bucket));
}

function checkCompanyTypes(types: string[]): CompanyType[] {
  if (types.includes('public')) {
    throw new DomainError(
      'COMPANY_TYPE_NOT_AVAILABLE',
      'Filtering by listed (public) companies is not available: company type is derived from industry and ' +
        `the data has no ownership field. Use one of: ${COMPANY_TYPES.join(', ')}.`,
    );
  }
  const unknown = types.find((type) => !(COMPANY_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined) {
    throw new DomainError('UNKNOWN_COMPANY_TYPE', `Unknown company type "${unknown}". Allowed values: ${COMPANY_TYPES.join(', ')}.`);
  }
  return types as CompanyType[];
}

function checkMaxPerCompany(value: number | null | undefined): number | null {
  if (value == null) return null;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new DomainError('VALIDATION_ERROR', 'maxPerCompany must be a positive integer', {
      details: [{ path: 'maxPerCompany', message: 'must be a positive integer' }],
    });
  }
  return value;
}
