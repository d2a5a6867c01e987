import type { Client } from 'pg';
import type { ChangedContact, LiveCompanyKeys } from '@lead-engine/core';
import { withIndexConnection } from './index-connection';
import type { ContactIndexRow } from './read-lead-rows';

/** A contact's lead columns, then its company's: industry, size bucket, type and description. */
export type ChangedContactRow = [...ContactIndexRow, industry: string, sizeBucket: string, companyType: string, description: string];

export interface LeadChanges {
  /** The lead data version (dataset:version) the changes bring a table to. */
  dataVersion: string;
  /** Moves with what no delta of contacts expresses: a table whose reload version differs is read again whole. */
  reloadVersion: string;
  /** Contacts written since the version asked for, newest version of each, in seq order. */
  contacts: ChangedContactRow[];
}

/**
 * The contacts changed since lead data version `sinceVersion` (the number after the colon), read in
 * one REPEATABLE READ snapshot with the versions they bring the table to. Writers take versions in
 * commit order (migration 1763800800000), so nothing committed later can carry a version at or below
 * the one read here.
 */
export async function readLeadChanges(client: Client, sinceVersion: number): Promise<LeadChanges> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows } = await client.query<{ dataVersion: string; reloadVersion: string }>(
      `SELECT dataset || ':' || version AS "dataVersion", reload_version::text AS "reloadVersion" FROM lead_data_version`,
    );
    const changed = await client.query<ChangedContactRow>({
      text: `SELECT c.seq::float8, c.company_id::float8, c.job_title, c.seniority, c.department, c.country_code,
                    co.industry, co.size_bucket, co.company_type, co.description
             FROM contacts c JOIN companies co ON co.id = c.company_id
             WHERE c.lead_version > $1
             ORDER BY c.seq`,
      values: [sinceVersion],
      rowMode: 'array',
    });
    await client.query('COMMIT');
    return { ...rows[0], contacts: changed.rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** readLeadChanges on a connection of its own. */
export function loadLeadChanges(databaseUrl: string, sinceVersion: number): Promise<LeadChanges> {
  return withIndexConnection(databaseUrl, (client) => readLeadChanges(client, sinceVersion));
}

/** The rows as a live table takes them, each company keyed by `keys`. */
export function changedContacts(rows: readonly ChangedContactRow[], keys: LiveCompanyKeys): ChangedContact[] {
  return rows.map(([seq, companyId, jobTitle, seniority, department, countryCode, industry, sizeBucket, companyType, description]) => ({
    seq,
    jobTitle,
    seniority,
    department,
    countryCode,
    company: { id: companyId, industry, sizeBucket, companyType, description },
    companyKey: keys.keyOf(companyId),
  }));
}
