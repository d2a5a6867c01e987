import { COMPANY_SIZE_BUCKETS, COMPANY_TYPES } from '../company-derivations';
import type { LeadCompanyInput, LeadContactInput, LeadTable } from '../query/lead-table';

/** What the table holds of a company, as the builder takes it (texts come back case-folded, which folding again keeps). */
export function decodeCompany(table: LeadTable, company: number): LeadCompanyInput {
  return {
    id: table.companyId[company],
    industry: table.industries[table.companyIndustry[company]],
    sizeBucket: COMPANY_SIZE_BUCKETS[table.companySize[company]] ?? '',
    companyType: COMPANY_TYPES[table.companyType[company]],
    description: table.descriptions.value(table.companyDescription[company]),
  };
}

/** What the table holds of a contact row, its company given by index in the table. */
export function decodeContact(table: LeadTable, row: number): LeadContactInput {
  return {
    seq: table.seq[row],
    companyIndex: table.company[row],
    jobTitle: table.titles.value(table.title[row]),
    seniority: table.seniorities[table.seniority[row]],
    department: table.departments[table.department[row]],
    countryCode: table.countries[table.country[row]],
  };
}
