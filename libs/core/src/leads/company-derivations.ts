import {
  COMPANY_SIZE_BANDS,
  COMPANY_SIZE_BUCKETS,
  COMPANY_TYPES,
  CompanySizeBand,
  CompanySizeBucket,
  CompanyType,
  INDUSTRY_COMPANY_TYPE,
  REVENUE_BANDS as REVENUE_BY_SIZE,
  RevenueBand,
} from '@lead-engine/contracts/lead-constants';

// The buckets, bands and types are the API's vocabulary, defined once in the contracts; what follows
// derives a company's fields from them.
export { COMPANY_SIZE_BANDS, COMPANY_SIZE_BUCKETS, COMPANY_TYPES };
export type { CompanySizeBand, CompanySizeBucket, CompanyType, RevenueBand };

/** Every revenue band, in headcount order. */
export const REVENUE_BANDS: readonly RevenueBand[] = [...new Set(COMPANY_SIZE_BUCKETS.map((bucket) => REVENUE_BY_SIZE[bucket]))];

/** Industries that make a company non-private; every other industry is `private`. */
export const INDUSTRIES_BY_COMPANY_TYPE = Object.entries(INDUSTRY_COMPANY_TYPE).reduce(
  (byType, [industry, type]) => ({ ...byType, [type]: [...byType[type], industry] }),
  { government: [], nonprofit: [], education: [] } as Record<Exclude<CompanyType, 'private'>, string[]>,
);

// Keyed in lower case so imported rows with different capitalisation still derive the right type.
const TYPE_BY_INDUSTRY = new Map<string, CompanyType>(
  Object.entries(INDUSTRY_COMPANY_TYPE).map(([industry, type]) => [industry.toLowerCase(), type]),
);

export function isCompanySizeBucket(value: string): value is CompanySizeBucket {
  return Object.prototype.hasOwnProperty.call(REVENUE_BY_SIZE, value);
}

export function isCompanySizeBand(value: string): value is CompanySizeBand {
  return Object.prototype.hasOwnProperty.call(COMPANY_SIZE_BANDS, value);
}

/** Revenue is derived from headcount: the source has no reported revenue. */
export function revenueBandForSize(bucket: string | null | undefined): RevenueBand | null {
  if (bucket == null) return null;
  const trimmed = bucket.trim();
  return isCompanySizeBucket(trimmed) ? REVENUE_BY_SIZE[trimmed] : null;
}

/** Company type is derived from industry: the source has no ownership field. */
export function companyTypeForIndustry(industry: string | null | undefined): CompanyType {
  if (industry == null) return 'private';
  return TYPE_BY_INDUSTRY.get(industry.trim().toLowerCase()) ?? 'private';
}
