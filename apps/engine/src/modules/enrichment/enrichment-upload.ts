import type { EnrichmentFieldId, EnrichmentForm } from '@lead-engine/contracts';
import {
  describeEnrichmentColumns,
  detectEnrichmentColumns,
  DomainError,
  EnrichmentColumns,
  enrichmentCost,
  EnrichmentCost,
  parseEnrichmentFields,
  rowsMissingWebsiteOrEmail,
} from '@lead-engine/core';
import type { UploadedFile } from '../../infrastructure/http/multipart-upload';
import type { EnrichmentCsv, EnrichmentCsvUpload } from './enrichment-csv-reader';

/** An upload that passed every check, with what enriching it holds. */
export interface CheckedEnrichmentUpload {
  fields: EnrichmentFieldId[];
  targetIcp: string | null;
  /** The uploaded file's name, 'upload.csv' when it had none. */
  filename: string;
  csv: EnrichmentCsv;
  columns: EnrichmentColumns;
  cost: EnrichmentCost;
}

export const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The upload's checks, in the order the API answers them: fields (INVALID_FIELDS, TARGET_ICP_REQUIRED),
 * the file (VALIDATION_ERROR when absent, INVALID_CSV), a website or email on every row
 * (ROWS_MISSING_WEBSITE_OR_EMAIL); then the hold (every requested cell of every row). Quoting and
 * starting both go through here, so that a quote is the hold a start takes.
 */
export function checkEnrichmentUpload(form: EnrichmentForm, file: UploadedFile<EnrichmentCsvUpload> | null): CheckedEnrichmentUpload {
  const targetIcp = blankToNull(form.target_icp);
  const fields = parseEnrichmentFields(form.fields, targetIcp);
  if (!file) {
    throw new DomainError('VALIDATION_ERROR', 'file: attach the CSV as the form field "file"', {
      details: [{ path: 'file', message: 'Required' }],
    });
  }
  if (file.content.state === 'invalid') throw file.content.error;
  const { csv } = file.content;
  const columns = detectEnrichmentColumns(csv.headers);
  const missing = rowsMissingWebsiteOrEmail(csv.rows, columns);
  if (missing.length > 0) {
    const found = describeEnrichmentColumns(csv.headers, columns);
    throw new DomainError(
      'ROWS_MISSING_WEBSITE_OR_EMAIL',
      `${missing.length} row${missing.length > 1 ? 's have' : ' has'} neither a website/domain nor an email ` +
        `(website column: ${found.website ?? 'none found'}, email column: ${found.email ?? 'none found'}).`,
      { rows: missing },
    );
  }
  return { fields, targetIcp, filename: file.filename || 'upload.csv', csv, columns, cost: enrichmentCost(csv.rows.length, fields) };
}
