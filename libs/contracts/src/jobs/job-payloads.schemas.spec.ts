import { exportJobPayloadSchema, planRefillJobPayloadSchema, QUEUE_NAMES, scrapeJobPayloadSchema } from './job-payloads.schemas';

describe('job payloads', () => {
  it('carry only a uuid of the thing to process', () => {
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(exportJobPayloadSchema.parse({ exportId: id })).toEqual({ exportId: id });
    expect(exportJobPayloadSchema.safeParse({ exportId: 'nope' }).success).toBe(false);
    expect(scrapeJobPayloadSchema.safeParse({ jobId: id, extra: 1 }).success).toBe(false);
    expect(planRefillJobPayloadSchema.parse({})).toEqual({});
    expect(Object.values(QUEUE_NAMES)).toEqual(['exports', 'scrape', 'enrichment', 'billing', 'webhooks', 'contacts']);
  });
});
