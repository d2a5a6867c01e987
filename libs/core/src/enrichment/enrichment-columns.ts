/** Positions of the columns enrichment understands in an uploaded CSV; -1 where the file has none. */
export interface EnrichmentColumns {
  website: number;
  email: number;
  firstName: number;
  lastName: number;
  fullName: number;
  title: number;
  company: number;
}

const key = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Common spellings, most specific first; headers are compared lower case with punctuation as spaces.
const SPELLINGS: Record<keyof EnrichmentColumns, string[]> = {
  website: [
    'website',
    'website url',
    'company website',
    'company website url',
    'web site',
    'url',
    'company url',
    'domain',
    'company domain',
    'domain name',
    'site',
    'homepage',
    'web',
    'organization website',
    'account website',
  ],
  email: [
    'email',
    'email address',
    'e mail',
    'e mail address',
    'work email',
    'business email',
    'contact email',
    'mail',
    'email 1',
    'primary email',
  ],
  firstName: ['first name', 'firstname', 'first', 'given name', 'fname', 'contact first name'],
  lastName: ['last name', 'lastname', 'last', 'surname', 'family name', 'lname', 'contact last name'],
  fullName: ['full name', 'name', 'fullname', 'contact name', 'contact', 'person', 'person name', 'lead name'],
  title: ['title', 'job title', 'jobtitle', 'position', 'role', 'job role', 'designation', 'headline', 'contact title'],
  company: [
    'company',
    'company name',
    'companyname',
    'organization',
    'organisation',
    'organization name',
    'account',
    'account name',
    'employer',
    'business name',
  ],
};

/** Finds each known column by its header; the first header matching the most specific spelling wins. */
export function detectEnrichmentColumns(headers: readonly string[]): EnrichmentColumns {
  const keys = headers.map(key);
  const find = (spellings: string[]) => {
    for (const spelling of spellings) {
      const index = keys.indexOf(spelling);
      if (index !== -1) return index;
    }
    return -1;
  };
  return {
    website: find(SPELLINGS.website),
    email: find(SPELLINGS.email),
    firstName: find(SPELLINGS.firstName),
    lastName: find(SPELLINGS.lastName),
    fullName: find(SPELLINGS.fullName),
    title: find(SPELLINGS.title),
    company: find(SPELLINGS.company),
  };
}

/** The headers of the detected columns, for messages: `{website: "Domain", email: null, …}`. */
export function describeEnrichmentColumns(headers: readonly string[], columns: EnrichmentColumns): Record<string, string | null> {
  return Object.fromEntries(Object.entries(columns).map(([name, index]) => [name, index === -1 ? null : headers[index]]));
}
