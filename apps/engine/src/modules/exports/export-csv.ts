import { EXPORT_CSV_COLUMNS } from '@lead-engine/contracts';
import { neutralizeFormula } from '@lead-engine/core';
import { stringify } from 'csv-stringify/sync';
import type { LeadRow } from '../leads/leads.repository';

function cells(row: LeadRow): string[] {
  return [
    row.first_name,
    row.last_name,
    row.email,
    row.phone ?? '',
    row.company_name,
    row.company_domain,
    row.job_title,
    row.seniority,
    row.department,
    row.industry,
    row.country ?? row.country_code,
    row.state,
    row.city,
    row.size_bucket,
    row.linkedin_url ?? '',
  ].map((value) => neutralizeFormula(value ?? ''));
}

/** One part of the export CSV (RFC 4180: CRLF, quotes only where needed), the header in the first part. */
export function exportCsvPart(rows: LeadRow[], withHeader: boolean): Buffer {
  const records: string[][] = rows.map(cells);
  if (withHeader) records.unshift([...EXPORT_CSV_COLUMNS]);
  return Buffer.from(stringify(records, { record_delimiter: 'windows' }), 'utf8');
}
