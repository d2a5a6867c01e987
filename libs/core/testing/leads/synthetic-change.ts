import { companyTypeForIndustry } from '../../src/leads/company-derivations';
import type { SyntheticContact } from '../../src/leads/synthetic';
import type { ChangedContact } from '../../src/leads/live/live-lead-table';

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
