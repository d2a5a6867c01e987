import { companyTypeForIndustry } from '../company-derivations';
import type { SyntheticContact } from '../synthetic';
import type { ChangedContact } from './live-lead-table';

/** A generated contact as a change brings it, at `seq`, its company with id `companyId`, for specs. */
export function syntheticChange(seq: number, contact: SyntheticContact, companyId: number): ChangedContact {
  return {
    seq,
    jobTitle: contact.jobTitle,
    seniority: contact.seniority,
    department: contact.department,
    countryCode: contact.countryCode,
    company: {
      id: companyId,
      industry: contact.industry,
      sizeBucket: contact.companySize,
      companyType: companyTypeForIndustry(contact.industry),
      description: contact.companyDescription,
    },
  };
}
