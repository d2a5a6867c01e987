import { companyTypeForIndustry } from '../../src/leads/company-derivations';
import type { SyntheticContact } from '../../src/leads/synthetic';
import { SegmentsBuilder } from '../../src/leads/query/segments-builder';
import { LeadCompanyInput, LeadContactInput, LeadTable, LeadTableBuilder } from '../../src/leads/query/lead-table';

/** A lead table of generated contacts, each at its seq (ascending), companies told apart by domain, for specs. */
export function syntheticLeadTable(contacts: Iterable<readonly [seq: number, contact: SyntheticContact]>): LeadTable {
  const builder = new LeadTableBuilder();
  addSynthetic(builder, contacts);
  return builder.build();
}

/** syntheticLeadTable cut into segments of `segmentRows` over one company store, as a live table's base. */
export function syntheticSegments(contacts: Iterable<readonly [seq: number, contact: SyntheticContact]>, segmentRows: number): LeadTable[] {
  const builder = new SegmentsBuilder(segmentRows);
  addSynthetic(builder, contacts);
  return builder.build();
}

function addSynthetic(
  builder: { addCompany(input: LeadCompanyInput): number; addContact(input: LeadContactInput): void },
  contacts: Iterable<readonly [seq: number, contact: SyntheticContact]>,
): void {
  const companies = new Map<string, number>();
  for (const [seq, contact] of contacts) {
    let company = companies.get(contact.companyDomain);
    if (company === undefined) {
      company = builder.addCompany({
        industry: contact.industry,
        sizeBucket: contact.companySize,
        companyType: companyTypeForIndustry(contact.industry),
        description: contact.companyDescription,
      });
      companies.set(contact.companyDomain, company);
    }
    builder.addContact({
      seq,
      companyIndex: company,
      jobTitle: contact.jobTitle,
      seniority: contact.seniority,
      department: contact.department,
      countryCode: contact.countryCode,
    });
  }
}
