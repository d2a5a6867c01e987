import { companyTypeForIndustry, revenueBandForSize } from '../leads/company-derivations';
import type { SyntheticContact } from '../leads/synthetic/synthetic-contact';
import type { ContactImportRow } from './contact-import-row';

/** A generated contact as an import row: the same shape, the same derivations. */
export function contactRowOfSynthetic(contact: SyntheticContact): ContactImportRow {
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    emailStatus: contact.emailStatus,
    phone: contact.phone,
    linkedinUrl: contact.linkedinUrl,
    jobTitle: contact.jobTitle,
    seniority: contact.seniority,
    department: contact.department,
    countryCode: contact.countryCode,
    country: contact.country,
    state: contact.state,
    city: contact.city,
    companyName: contact.companyName,
    companyDomain: contact.companyDomain,
    companySize: contact.companySize,
    revenueBand: revenueBandForSize(contact.companySize),
    companyFounded: contact.companyFounded,
    companyLinkedin: contact.companyLinkedin,
    industry: contact.industry,
    category: contact.category,
    companyType: companyTypeForIndustry(contact.industry),
    companyDescription: contact.companyDescription,
  };
}
