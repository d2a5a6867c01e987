import type { LeadContactInput, LeadTable } from '../query/lead-table';

/** What the table holds of a contact row, its company given by key. */
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
