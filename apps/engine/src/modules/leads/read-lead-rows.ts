import type { Client } from 'pg';

/** id, industry, size bucket, company type, description */
export type CompanyIndexRow = [id: number, industry: string, sizeBucket: string, companyType: string, description: string];

/** seq, company id, job title, seniority, department, country code */
export type ContactIndexRow = [
  seq: number,
  companyId: number,
  jobTitle: string,
  seniority: string,
  department: string,
  countryCode: string,
];

export interface LeadRowsShape {
  /** The lead data version (dataset:version) the rows are read at. */
  dataVersion: string;
  reloadVersion: string;
  contacts: number;
  companies: number;
  descriptionBytes: number;
}

export interface LeadRowsReceiver {
  sizes(sizes: LeadRowsShape): void;
  companies(rows: CompanyIndexRow[]): void;
  contacts(rows: ContactIndexRow[]): void;
}

const BATCH = 5_000;

/**
 * Reads, in one REPEATABLE READ snapshot, the row counts, then companies (by id) and contacts (by
 * seq) through cursors as arrays rather than objects, so memory holds one small batch at a time.
 */
export async function readLeadRows(client: Client, receiver: LeadRowsReceiver): Promise<void> {
  const fetchBatch = async <Row>(cursor: string): Promise<Row[]> =>
    (await client.query({ text: `FETCH ${BATCH} FROM ${cursor}`, rowMode: 'array' })).rows as Row[];
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows } = await client.query<LeadRowsShape>(
      `SELECT (SELECT dataset || ':' || version FROM lead_data_version) AS "dataVersion",
              (SELECT reload_version::text FROM lead_data_version) AS "reloadVersion",
              (SELECT count(*) FROM contacts)::float8 AS contacts,
              (SELECT count(*) FROM companies)::float8 AS companies,
              (SELECT coalesce(sum(octet_length(description) + 1), 0) FROM companies)::float8 AS "descriptionBytes"`,
    );
    receiver.sizes(rows[0]);
    await client.query(`DECLARE companies_cursor NO SCROLL CURSOR FOR
      SELECT id::float8, industry, size_bucket, company_type, description FROM companies ORDER BY id`);
    for (let batch = await fetchBatch<CompanyIndexRow>('companies_cursor'); batch.length > 0;) {
      receiver.companies(batch);
      batch = await fetchBatch<CompanyIndexRow>('companies_cursor');
    }
    await client.query(`DECLARE contacts_cursor NO SCROLL CURSOR FOR
      SELECT seq::float8, company_id::float8, job_title, seniority, department, country_code FROM contacts ORDER BY seq`);
    for (let batch = await fetchBatch<ContactIndexRow>('contacts_cursor'); batch.length > 0;) {
      receiver.contacts(batch);
      batch = await fetchBatch<ContactIndexRow>('contacts_cursor');
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
