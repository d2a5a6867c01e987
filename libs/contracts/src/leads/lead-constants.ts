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

/** A band holds the raw buckets whose lower bound it contains (contract §3). */
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

/** Revenue derives from headcount: the source has no reported revenue. */
export const REVENUE_BANDS = {
  '1 to 10': '$0-1M',
  '11 to 50': '$1M-10M',
  '51 to 100': '$10M-50M',
  '101 to 250': '$10M-50M',
  '251 to 500': '$50M-100M',
  '501 to 1000': '$100M-250M',
  '1001 to 5000': '$250M-1B',
  '5001 to 10000': '$1B-10B',
  '10001+': '$10B+',
} as const satisfies Record<CompanySizeBucket, string>;
export type RevenueBand = (typeof REVENUE_BANDS)[CompanySizeBucket];

export const COMPANY_TYPES = ['private', 'government', 'nonprofit', 'education'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** The industries that are not `private`; every industry missing here is `private`. */
export const INDUSTRY_COMPANY_TYPE = {
  'Government Administration': 'government',
  'Government Relations': 'government',
  Military: 'government',
  'Law Enforcement': 'government',
  'Public Safety': 'government',
  'Legislative Office': 'government',
  Judiciary: 'government',
  'International Affairs': 'government',
  'Non-Profit Organization Management': 'nonprofit',
  Philanthropy: 'nonprofit',
  'Fund-Raising': 'nonprofit',
  'Civic & Social Organization': 'nonprofit',
  'Religious Institutions': 'nonprofit',
  'Higher Education': 'education',
  'Primary/Secondary Education': 'education',
  'Education Management': 'education',
} as const satisfies Record<string, Exclude<CompanyType, 'private'>>;

export const MAX_REVEAL_IDS = 1000;
export const MAX_BROWSE_LIMIT = 1000;
