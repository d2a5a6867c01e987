import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';

const count = z.number().int().min(0);

/** The largest CSV one upload takes; it is streamed to PostgreSQL as it arrives, never held whole. */
export const CONTACT_IMPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024;
export const CONTACT_IMPORT_UPLOAD = { fileField: 'file', maxFileBytes: CONTACT_IMPORT_MAX_BYTES, reader: 'contacts-csv' } as const;
/** The most synthetic contacts one generation writes. */
export const CONTACT_GENERATION_MAX = 5_000_000;
/** Rejections kept on an import, first in file order; `rejected` counts them all. */
export const CONTACT_IMPORT_REJECTIONS_LISTED = 1_000;
export const CONTACT_IMPORTS_LISTED = 20;

export const CONTACT_IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

export const contactImportParamsSchema = z.strictObject({
  id: z.string().describe('Import id (uuid); an id that is not one answers 404 like an unknown one'),
});
export type ContactImportParams = z.infer<typeof contactImportParamsSchema>;

/** The upload form: the CSV as the field `file` and nothing else. */
export const contactImportFormSchema = z
  .strictObject({
    file: z.string().meta({ format: 'binary' }).describe('The contacts CSV (contract §6), at most 4 GB'),
  })
  .meta({ id: 'ContactImportForm', description: 'multipart/form-data with the contacts CSV as the form field "file"' });
/** The form's text fields, which the engine reads apart from its file: none. */
export const contactImportTextFieldsSchema = contactImportFormSchema.omit({ file: true });

export const generateContactsRequestSchema = z
  .strictObject({
    count: z.number().int().min(1).max(CONTACT_GENERATION_MAX).describe(`Synthetic contacts to write, 1 to ${CONTACT_GENERATION_MAX}`),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional()
      .describe('The same seed writes the same contacts again (they are updated, not added); left out, a new seed is drawn'),
  })
  .meta({ id: 'GenerateContactsRequest' });
export type GenerateContactsRequest = z.infer<typeof generateContactsRequestSchema>;

export const contactRejectionSchema = z.strictObject({
  line: z.number().int().min(1).describe('Line of the file, the header being line 1'),
  reason: z.string().describe('Why the row was rejected'),
});

export const contactImportSchema = z
  .strictObject({
    id: z.uuid(),
    source: z.enum(['file', 'generated']).describe('An uploaded CSV, or synthetic contacts'),
    status: z.enum(CONTACT_IMPORT_STATUSES).describe('queued → running → completed or failed; rows written before a failure stay written'),
    filename: z.string().nullable().describe("The uploaded file's name; null for generated contacts"),
    total_bytes: count.nullable().describe('Size of the uploaded file; null for generated contacts'),
    bytes_read: count.describe('Bytes of the file read so far'),
    requested_rows: count.nullable().describe('Contacts asked to be generated; null for a file'),
    seed: z.number().int().nullable().describe('Seed of the generated contacts; null for a file'),
    rows_read: count.describe('Data rows read so far, valid or not'),
    imported: count.describe('Contacts added so far (their id was new)'),
    updated: count.describe('Contacts updated so far (their id existed)'),
    rejected: count.describe('Rows rejected so far'),
    urls_dropped: count.describe('linkedin_url and company_linkedin values left out of imported rows for not being http(s)'),
    note: z.string().nullable().describe('Why it failed, in words; null otherwise'),
    started_by: z
      .strictObject({ id: z.uuid(), email: z.string() })
      .nullable()
      .describe('The operator who started it; null once that user is gone'),
    created_at: isoDateTime,
    started_at: isoDateTime.nullable(),
    completed_at: isoDateTime.nullable(),
  })
  .meta({ id: 'ContactImport', description: 'A contacts import: an uploaded CSV or generated contacts, written by a worker' });
export type ContactImport = z.infer<typeof contactImportSchema>;

export const contactImportDetailSchema = contactImportSchema
  .extend({
    rejections: z
      .array(contactRejectionSchema)
      .describe(`The first ${CONTACT_IMPORT_REJECTIONS_LISTED} rejected rows in file order; \`rejected\` counts them all`),
  })
  .meta({ id: 'ContactImportDetail' });
export type ContactImportDetail = z.infer<typeof contactImportDetailSchema>;

export const contactImportListSchema = z
  .strictObject({
    data: z.array(contactImportSchema).describe(`The latest ${CONTACT_IMPORTS_LISTED} imports, newest first`),
  })
  .meta({ id: 'ContactImportList' });
export type ContactImportList = z.infer<typeof contactImportListSchema>;
