import type { ProspectFacts } from '@lead-engine/core';
import type { DirectoryCompany, DirectoryContact } from './prospects.repository';

/** What the caller said of the contact; every part optional. */
export interface ProspectInput {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  domain?: string | null;
  company?: string | null;
  title?: string | null;
  industry?: string | null;
}

const given = (...values: Array<string | null | undefined>) => {
  for (const value of values) if (value?.trim()) return value.trim();
  return null;
};

/** The facts of one prospect: the caller's own values first, then the engine's contact and company data. */
export function prospectFactsOf(
  input: ProspectInput,
  contact: DirectoryContact | null,
  company: DirectoryCompany | null,
  website: { domain: string | null; text: string | null },
): ProspectFacts {
  const firm = contact?.company ?? company;
  return {
    firstName: given(input.firstName, contact?.firstName),
    lastName: given(input.lastName, contact?.lastName),
    email: given(input.email, contact?.email),
    domain: given(website.domain, firm?.domain),
    title: given(input.title, contact?.title),
    seniority: given(contact?.seniority),
    department: given(contact?.department),
    companyName: given(input.company, firm?.name),
    industry: given(input.industry, firm?.industry),
    companySize: given(firm?.sizeBucket),
    companyType: input.industry ? null : given(firm?.companyType),
    companyDescription: given(firm?.description),
    countryCode: given(contact?.countryCode),
    websiteText: website.text,
  };
}
