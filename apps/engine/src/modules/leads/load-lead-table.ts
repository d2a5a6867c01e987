import { LeadTable, LeadTableBuilder } from '@lead-engine/core';
import { Client } from 'pg';
import { CompanyPositions } from './company-positions';
import { readLeadSnapshot } from './read-lead-snapshot';

/** Builds the lead table from one snapshot of the database, on a connection of its own. */
export async function loadLeadTable(databaseUrl: string): Promise<LeadTable> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'lead-engine-index', connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    let builder = new LeadTableBuilder();
    let companies = new CompanyPositions(0);
    await readLeadSnapshot(client, {
      sizes(sizes) {
        builder = new LeadTableBuilder(sizes);
        companies = new CompanyPositions(sizes.companies);
      },
      companies(rows) {
        for (const [id, industry, sizeBucket, companyType, description] of rows) {
          companies.add(id, builder.addCompany({ industry, sizeBucket, companyType, description }));
        }
      },
      contacts(rows) {
        for (const [seq, companyId, jobTitle, seniority, department, countryCode] of rows) {
          builder.addContact({ seq, companyIndex: companies.positionOf(companyId), jobTitle, seniority, department, countryCode });
        }
      },
    });
    return builder.build();
  } finally {
    await client.end().catch(() => undefined);
  }
}
