import {
  ENRICHMENT_FIELD_IDS,
  enrichmentFieldCost,
  enrichmentFormSchema,
  enrichmentJobCreatedSchema,
  enrichmentJobListSchema,
  enrichmentJobStatusSchema,
} from './enrichment.schemas';

const core = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  backend_job_id: 'enrichment:7c9e6679',
  status: 'queued',
  original_filename: 'leads.csv',
  total_rows: 2,
  completed_rows: 0,
  progress_pct: 0,
  fields: ['opener', 'custom_ps_line'],
  target_icp: 'CTOs at SaaS companies',
  seller_offer_set: false,
  user_tag: null,
  credits_charged: 6,
  credits_refunded: 0,
  stage: 'queued',
  stage_done: 0,
  stage_total: 2,
  error: null,
  created_at: '2026-11-22T10:00:00.000Z',
};

describe('enrichment', () => {
  it('charges custom fields 2, full_email nothing, the others 1', () => {
    expect(ENRICHMENT_FIELD_IDS).toHaveLength(17);
    expect(enrichmentFieldCost('custom_ps_line')).toBe(2);
    expect(enrichmentFieldCost('full_email')).toBe(0);
    expect(enrichmentFieldCost('opener')).toBe(1);
    expect(enrichmentFieldCost('icp_grading')).toBe(1);
    expect(ENRICHMENT_FIELD_IDS.reduce((sum, id) => sum + enrichmentFieldCost(id), 0)).toBe(4 * 1 + 12 * 2);
  });

  it('reads the form text fields and refuses unknown ones', () => {
    expect(enrichmentFormSchema.parse({ fields: 'opener,icp_grading', target_icp: 'CTOs', user_tag: 'batch-7' })).toEqual({
      fields: 'opener,icp_grading',
      target_icp: 'CTOs',
      user_tag: 'batch-7',
    });
    expect(enrichmentFormSchema.safeParse({}).success).toBe(false);
    expect(enrichmentFormSchema.safeParse({ fields: 'opener', sellerOffer: 'x' }).success).toBe(false);
  });

  it('parses the creation, status and list shapes, each with its own fields', () => {
    const created = {
      ...core,
      cost_explained: '2 rows × (opener 1 + custom_ps_line 2) = 6 credits',
      estimated_seconds: 20,
      poll_url: `/api/v1/enrich-csv/jobs/${core.id}`,
      download_url_when_done: `/api/v1/enrich-csv/jobs/${core.id}/csv`,
    };
    expect(enrichmentJobCreatedSchema.parse(created)).toEqual(created);
    const status = {
      ...core,
      status: 'completed',
      completed_rows: 2,
      progress_pct: 100,
      credits_refunded: 2,
      elapsed_seconds: 12.5,
      rate_per_second: 0.16,
      eta_seconds: 0,
      eta_low_seconds: null,
      eta_high_seconds: null,
      field_report: { opener: { filled: 2, empty: 0 }, custom_ps_line: { filled: 1, empty: 1 } },
      download_url: `/api/v1/enrich-csv/jobs/${core.id}/csv`,
    };
    expect(enrichmentJobStatusSchema.parse(status)).toEqual(status);
    expect(enrichmentJobStatusSchema.safeParse({ ...status, cost_explained: 'creation only' }).success).toBe(false);
    const entry = { ...core, credits_net: 6, completed_at: null, poll_url: created.poll_url, download_url: null };
    expect(enrichmentJobListSchema.parse({ jobs: [entry] })).toEqual({ jobs: [entry] });
    expect(enrichmentJobListSchema.safeParse({ jobs: [{ ...entry, fields: ['nonsense'] }] }).success).toBe(false);
  });
});
