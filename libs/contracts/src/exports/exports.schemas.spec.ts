import {
  EXPORT_CSV_COLUMNS,
  exportCreatedSchema,
  exportCreateRequestSchema,
  exportJobSchema,
  exportListSchema,
  MAX_EXPORT_ROWS,
} from './exports.schemas';

const job = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  status: 'completed',
  requestedLimit: 60000,
  progress: 100,
  deliveredRows: 1234,
  creditsCharged: 1234,
  capped: false,
  filename: 'lead-engine-export-2026-11-22-1234.csv',
  note: null,
  downloadable: true,
  createdAt: '2026-11-22T10:00:00.000Z',
  completedAt: '2026-11-22T10:01:30.000Z',
};

describe('export schemas', () => {
  it('accepts a limit above the maximum (it is capped) and leaves a missing limit to LIMIT_REQUIRED', () => {
    expect(exportCreateRequestSchema.parse({ industry: 'Retail', limit: 60000 })).toMatchObject({ industry: ['Retail'], limit: 60000 });
    expect(exportCreateRequestSchema.parse({}).limit).toBeUndefined();
    expect(exportCreateRequestSchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(exportCreateRequestSchema.safeParse({ limit: 10, limt: 10 }).success).toBe(false);
    expect(MAX_EXPORT_ROWS).toBe(50000);
  });

  it('parses the 202 creation answer', () => {
    const created = {
      job_id: job.id,
      status: 'queued',
      requested_limit: 60000,
      capped_to_max: 50000,
      poll: `/api/v1/leads/exports/${job.id}`,
      download: `/api/v1/leads/exports/${job.id}/csv`,
    };
    expect(exportCreatedSchema.parse(created)).toEqual(created);
    expect(exportCreatedSchema.safeParse({ ...created, status: 'pending' }).success).toBe(false);
  });

  it('parses export jobs, running ones without filename or completion time', () => {
    expect(
      exportListSchema.parse({
        count: 2,
        exports: [job, { ...job, status: 'running', progress: 40, filename: null, completedAt: null, downloadable: false }],
      }).count,
    ).toBe(2);
    expect(exportJobSchema.safeParse({ ...job, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('names the 15 CSV columns in order', () => {
    expect(EXPORT_CSV_COLUMNS).toHaveLength(15);
    expect([EXPORT_CSV_COLUMNS[0], EXPORT_CSV_COLUMNS[5], EXPORT_CSV_COLUMNS[14]]).toEqual(['First Name', 'Domain', 'LinkedIn']);
  });
});
