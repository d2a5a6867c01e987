import { LeadTable, LeadTableBuilder } from '@lead-engine/core';
import { Client } from 'pg';
import { CompanyPositions } from './company-positions';
import { readLeadRows } from './read-lead-rows';

export interface LoadedLeadTable {
  table: LeadTable;
  /** The lead data version the table was read at. */
  dataVersion: string;
}

export type LoadProgress = (loadedContacts: number, totalContacts: number) => void;

/** Builds the lead table from one snapshot of the database, on a connection of its own. */
export async function loadLeadTable(databaseUrl: string, onProgress: LoadProgress = () => undefined): Promise<LoadedLeadTable> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'lead-engine-index', connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    let builder = new LeadTableBuilder();
    let companies = new CompanyPositions(0);
    let dataVersion = '';
    let total = 0;
    let loaded = 0;
    await readLeadRows(client, {
      sizes(sizes) {
        builder = new LeadTableBuilder(sizes);
        companies = new CompanyPositions(sizes.companies);
        dataVersion = sizes.dataVersion;
        total = sizes.contacts;
        onProgress(0, total);
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
        loaded += rows.length;
        onProgress(loaded, total);
      },
    });
    return { table: builder.build(), dataVersion };
  } finally {
    await client.end().catch(() => undefined);
  }
}
