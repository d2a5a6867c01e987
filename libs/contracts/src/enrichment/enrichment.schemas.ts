import { z } from 'zod';
import { isoDateTime, jobStatusSchema } from '../common/common.schemas';

export const ENRICHMENT_FIELD_IDS = [
  'opener',
  'icp_grading',
  'icp',
  'subject_lines',
  'full_email',
  'custom_simplified_job_title',
  'custom_who_they_work_with',
  'custom_recent_professional_achievement',
  'custom_subject_line',
  'custom_personalized_opener',
  'custom_ps_line',
  'custom_two_liner',
  'custom_got_me_thinking',
  'custom_full_email_v1',
  'custom_full_email_v2',
  'custom_company_type',
  'custom_buyer_personas',
] as const;
export type EnrichmentFieldId = (typeof ENRICHMENT_FIELD_IDS)[number];
export const enrichmentFieldIdSchema = z.enum(ENRICHMENT_FIELD_IDS);

export const ENRICHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ENRICHMENT_MAX_ROWS = 10_000;
/** The CSV an enrichment reads, in the multipart form field `file`. */
export const ENRICHMENT_UPLOAD = { fileField: 'file', maxFileBytes: ENRICHMENT_MAX_BYTES, reader: 'enrichment-csv' } as const;

/** Credits per cell: custom_* fields 2, full_email free, every other field 1. */
export function enrichmentFieldCost(field: EnrichmentFieldId): number {
  if (field === 'full_email') return 0;
  return field.startsWith('custom_') ? 2 : 1;
}

export const enrichmentFormSchema = z
  .strictObject({
    fields: z
      .string()
      .min(1)
      .describe(
        `Comma-separated field ids: ${ENRICHMENT_FIELD_IDS.join(', ')}; custom_* cost 2 credits a cell, full_email 0, the others 1`,
      ),
    target_icp: z.string().max(500).optional().describe('Who the caller sells to; required with icp_grading'),
    seller_offer: z.string().max(2000).optional().describe('What the caller sells, used to write copy'),
    user_tag: z.string().max(200).optional().describe("The caller's own label, echoed back"),
  })
  .meta({ id: 'EnrichmentForm' });
export type EnrichmentForm = z.infer<typeof enrichmentFormSchema>;

export const enrichmentUploadSchema = z
  .strictObject({
    file: z.string().meta({ format: 'binary' }).describe('The CSV (at most 10 MB and 10,000 data rows)'),
    ...enrichmentFormSchema.shape,
  })
  .meta({ id: 'EnrichmentUpload' });
export type EnrichmentUpload = z.infer<typeof enrichmentUploadSchema>;

export const fieldReportSchema = z
  .record(z.string(), z.strictObject({ filled: z.number().int(), empty: z.number().int().describe('Blank cells, refunded') }))
  .describe('Per requested field: cells filled and left empty')
  .meta({ id: 'FieldReport' });
export type FieldReport = z.infer<typeof fieldReportSchema>;

const jobCore = {
  id: z.uuid(),
  backend_job_id: z.string().describe('Id of the queued background job'),
  status: jobStatusSchema,
  original_filename: z.string(),
  total_rows: z.number().int(),
  completed_rows: z.number().int(),
  progress_pct: z.number().min(0).max(100),
  fields: z.array(enrichmentFieldIdSchema).describe('Requested field ids'),
  target_icp: z.string(),
  seller_offer_set: z.boolean().describe('Whether seller_offer was given'),
  user_tag: z.string().nullable().describe("The caller's own label, echoed back"),
  credits_charged: z.number().int(),
  credits_refunded: z.number().int(),
  stage: z.string(),
  stage_done: z.number().int(),
  stage_total: z.number().int(),
  error: z.string().nullable(),
  created_at: isoDateTime,
};

export const enrichmentJobCreatedSchema = z
  .strictObject({
    ...jobCore,
    cost_explained: z.string().describe('Rows times enrichment types, as credits'),
    estimated_seconds: z.number().int(),
    poll_url: z.string().describe('Path of the status endpoint'),
    download_url_when_done: z.string().describe('Path of the result CSV, served once the job is completed'),
  })
  .meta({ id: 'EnrichmentJobCreated' });
export type EnrichmentJobCreated = z.infer<typeof enrichmentJobCreatedSchema>;

export const enrichmentJobStatusSchema = z
  .strictObject({
    ...jobCore,
    elapsed_seconds: z.number().nullable(),
    rate_per_second: z.number().nullable(),
    eta_seconds: z.number().nullable(),
    eta_low_seconds: z.number().nullable(),
    eta_high_seconds: z.number().nullable(),
    field_report: fieldReportSchema.nullable().describe('Set when the job is finished'),
    download_url: z.string().nullable().describe('Set when completed'),
  })
  .meta({ id: 'EnrichmentJobStatus' });
export type EnrichmentJobStatus = z.infer<typeof enrichmentJobStatusSchema>;

export const enrichmentJobListEntrySchema = z
  .strictObject({
    ...jobCore,
    credits_net: z.number().int().describe('credits_charged - credits_refunded'),
    completed_at: isoDateTime.nullable(),
    poll_url: z.string().describe('Path of the status endpoint'),
    download_url: z.string().nullable().describe('Set when completed'),
  })
  .meta({ id: 'EnrichmentJobListEntry' });
export type EnrichmentJobListEntry = z.infer<typeof enrichmentJobListEntrySchema>;

export const enrichmentJobListSchema = z
  .strictObject({ jobs: z.array(enrichmentJobListEntrySchema).describe('The 50 most recent') })
  .meta({ id: 'EnrichmentJobList' });
export type EnrichmentJobList = z.infer<typeof enrichmentJobListSchema>;
