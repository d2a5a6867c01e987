import type { CompanySizeBucket } from '../company-derivations';
import type { EmailPattern } from './email-patterns';
import type { SyntheticIndustry } from './industry-taxonomy';
import type { SyntheticCity, SyntheticCountry } from './locations';

export interface SyntheticCompany {
  name: string;
  domain: string;
  linkedinUrl: string;
  industry: SyntheticIndustry;
  size: CompanySizeBucket;
  /** Position of `size` in COMPANY_SIZE_BUCKETS. */
  sizeIndex: number;
  /** 0 up to 50 people, 1 up to 1000, 2 above. */
  sizeClass: number;
  founded: number;
  description: string;
  country: SyntheticCountry;
  location: SyntheticCity;
  /** How the company spells its addresses; one pattern per company, as in real mail systems. */
  emailPattern: EmailPattern;
  /** A catch-all mail server accepts any address, so no address at it can be verified. */
  catchAll: boolean;
  usedLocalParts: Set<string>;
  contacts: number;
  /** Most contacts the data set will hold for the company, bounded by its headcount. */
  capacity: number;
}
