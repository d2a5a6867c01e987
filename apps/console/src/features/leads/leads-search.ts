import { z } from 'zod';
import { lazySchema } from '../../shared/lib/lazy-schema';

/** The page sizes the table offers. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export const COMPANY_TYPES = ['private', 'government', 'nonprofit', 'education'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

// One value or several: a link written by hand may carry `?industry=Software`. A value that does not
// parse is dropped rather than refused, so that an old or edited link still opens the page.
const list = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).map((item) => item.trim()).filter(Boolean))
    .transform((value) => (value.length ? value : undefined))
    .optional()
    .catch(undefined);
const companyTypes = () =>
  z
    .union([z.enum(COMPANY_TYPES), z.array(z.enum(COMPANY_TYPES))])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .transform((value) => (value.length ? value : undefined))
    .optional()
    .catch(undefined);

/** The Leads page's filters, page and page size, kept in the URL: a search is a link. */
const leadsSearchObject = () =>
  z.object({
    industry: list(),
    seniority: list(),
    country: list(),
    department: list(),
    companySize: list(),
    revenue: list(),
    companyType: companyTypes(),
    jobTitles: list(),
    excludeTitles: list(),
    includeKeywords: list(),
    excludeKeywords: list(),
    maxPerCompany: z.coerce.number().int().min(1).optional().catch(undefined),
    exactMatch: z.boolean().optional().catch(undefined),
    matchAny: z.boolean().optional().catch(undefined),
    page: z.coerce.number().int().min(1).optional().catch(undefined),
    limit: z
      .union([z.literal(25), z.literal(50), z.literal(100)])
      .optional()
      .catch(undefined),
  });
export const leadsSearchSchema = lazySchema(leadsSearchObject);
export type LeadsSearch = z.infer<ReturnType<typeof leadsSearchObject>>;
