/**
 * What is known of one contact and their company: the caller's input, the engine's own contact and
 * company rows, and the company website's text. Every generated answer is built from these alone.
 */
export interface ProspectFacts {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The company's host name, e.g. `acme.com`. */
  domain: string | null;
  title: string | null;
  seniority: string | null;
  department: string | null;
  companyName: string | null;
  industry: string | null;
  /** A raw size bucket such as `51 to 100`. */
  companySize: string | null;
  /** `private`, `government`, `nonprofit` or `education` when known. */
  companyType: string | null;
  companyDescription: string | null;
  countryCode: string | null;
  /** Readable text of the company website, null when it could not be read. */
  websiteText: string | null;
}

export function emptyProspectFacts(): ProspectFacts {
  return {
    firstName: null,
    lastName: null,
    email: null,
    domain: null,
    title: null,
    seniority: null,
    department: null,
    companyName: null,
    industry: null,
    companySize: null,
    companyType: null,
    companyDescription: null,
    countryCode: null,
    websiteText: null,
  };
}
