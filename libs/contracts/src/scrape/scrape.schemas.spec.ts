import { scrapeCreateRequestSchema, scrapeJobListSchema, scrapeResultsQuerySchema, scrapeResultsSchema } from './scrape.schemas';

describe('scrape schemas', () => {
  it('takes one domain or many, and leaves the count checks to the engine', () => {
    expect(scrapeCreateRequestSchema.parse({ domains: 'acme.com' })).toEqual({ domains: ['acme.com'] });
    expect(scrapeCreateRequestSchema.parse({})).toEqual({});
    expect(scrapeCreateRequestSchema.safeParse({ domain: ['acme.com'] }).success).toBe(false);
  });

  it('coerces query strings, applies paging defaults and checks the status filter', () => {
    expect(scrapeResultsQuerySchema.parse({})).toEqual({ offset: 0, limit: 100 });
    expect(scrapeResultsQuerySchema.parse({ offset: '10', limit: '5', status: 'ok' })).toEqual({ offset: 10, limit: 5, status: 'ok' });
    expect(scrapeResultsQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(scrapeResultsQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(scrapeResultsQuerySchema.safeParse({ status: 'weird' }).success).toBe(false);
  });

  it('parses jobs and a results page', () => {
    const job = {
      id: '9d3c1e7a-6b1f-4c55-9a3e-0d4f3b2a1c00',
      status: 'queued',
      total: 2,
      done: null,
      ok: null,
      blocked: null,
      no_content: null,
      invalid: null,
      progress_pct: null,
      credits_charged: 2,
      credits_refunded: 0,
      created_at: '2026-11-22T10:00:00Z',
      completed_at: null,
    };
    expect(scrapeJobListSchema.parse({ jobs: [job] })).toEqual({ jobs: [job] });
    const results = {
      job_id: job.id,
      status: 'completed',
      offset: 0,
      items: [
        { domain: 'acme.com', status: 'ok', reason: null, http_status: null, text: 'Acme builds rockets', chars: 19, cached: false },
        { domain: 'nowhere.test', status: 'invalid', reason: 'no_dns', http_status: null, text: '', chars: 0, cached: false },
        { domain: 'shy.com', status: 'blocked', reason: 'http_status', http_status: 403, text: '', chars: 0, cached: false },
      ],
      next_offset: null,
    };
    expect(scrapeResultsSchema.parse(results)).toEqual(results);
    expect(() => scrapeResultsSchema.parse({ ...results, items: [{ ...results.items[1], reason: 'made_up' }] })).toThrow();
  });
});
