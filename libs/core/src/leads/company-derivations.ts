export const COMPANY_SIZE_BUCKETS = [
  '1 to 10',
  '11 to 50',
  '51 to 100',
  '101 to 250',
  '251 to 500',
  '501 to 1000',
  '1001 to 5000',
  '5001 to 10000',
  '10001+',
] as const;
export type CompanySizeBucket = (typeof COMPANY_SIZE_BUCKETS)[number];

export const COMPANY_SIZE_BANDS = {
  '1-10': ['1 to 10'],
  '11-50': ['11 to 50'],
  '51-200': ['51 to 100', '101 to 250'],
  '201-500': ['251 to 500'],
  '501-1000': ['501 to 1000'],
  '1001-5000': ['1001 to 5000'],
  '5001+': ['5001 to 10000', '10001+'],
} as const satisfies Record<string, readonly CompanySizeBucket[]>;
export type CompanySizeBand = keyof typeof COMPANY_SIZE_BANDS;

export const REVENUE_BANDS = ['$0-1M', '$1M-10M', '$10M-50M', '$50M-100M', '$100M-250M', '$250M-1B', '$1B-10B', '$10B+'] as const;
export type RevenueBand = (typeof REVENUE_BANDS)[number];

const REVENUE_BY_SIZE: Readonly<Record<CompanySizeBucket, RevenueBand>> = {
  '1 to 10': '$0-1M',
  '11 to 50': '$1M-10M',
  '51 to 100': '$10M-50M',
  '101 to 250': '$10M-50M',
  '251 to 500': '$50M-100M',
  '501 to 1000': '$100M-250M',
  '1001 to 5000': '$250M-1B',
  '5001 to 10000': '$1B-10B',
  '10001+': '$10B+',
};

export const COMPANY_TYPES = ['private', 'government', 'nonprofit', 'education'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Industries that make a company non-private; every other industry is `private`. */
export const INDUSTRIES_BY_COMPANY_TYPE = {
  government: [
    'Government Administration',
    'Government Relations',
    'Military',
    'Law Enforcement',
    'Public Safety',
    'Legislative Office',
    'Judiciary',
    'International Affairs',
  ],
  nonprofit: [
    'Non-Profit Organization Management',
    'Philanthropy',
    'Fund-Raising',
    'Civic & Social Organization',
    'Religious Institutions',
  ],
  education: ['Higher Education', 'Primary/Secondary Education', 'Education Management'],
} as const satisfies Record<Exclude<CompanyType, 'private'>, readonly string[]>;

// Keyed in lower case so imported rows with different capitalisation still derive the right type.
const TYPE_BY_INDUSTRY = new Map<string, CompanyType>(
  Object.entries(INDUSTRIES_BY_COMPANY_TYPE).flatMap(([type, industries]) =>
    industries.map((industry) => [industry.toLowerCase(), type as CompanyType] as const),
  ),
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
