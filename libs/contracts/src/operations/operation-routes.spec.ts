import { API_OPERATIONS } from './api-operations';
import { routeOf } from './api-operation';

describe('what the operation table tells the engine about its routes', () => {
  it('names each route as Fastify knows it', () => {
    expect(routeOf({ method: 'get', path: '/api/v1/scrape/jobs/{id}/results' })).toBe('GET /api/v1/scrape/jobs/:id/results');
    expect(routeOf({ method: 'post', path: '/console/api/enrichments' })).toBe('POST /console/api/enrichments');
  });

  it('raises the JSON body limit to 8 MB for the routes that take a scrape’s list of sites, and for no other', () => {
    const raised = API_OPERATIONS.filter((operation) => operation.bodyLimitBytes).map((operation) => [
      routeOf(operation),
      operation.bodyLimitBytes,
    ]);
    expect(raised.sort()).toEqual(
      [
        ['POST /api/v1/scrape/jobs', 8 * 1024 * 1024],
        ['POST /console/api/scrapes', 8 * 1024 * 1024],
        ['POST /console/api/scrapes/quote', 8 * 1024 * 1024],
      ].sort(),
    );
  });

  it('takes a file only on the enrichment routes (a CSV of up to 10 MB) and the contacts import (up to 4 GB), in the form field `file`', () => {
    const uploads = API_OPERATIONS.filter((operation) => operation.upload).map((operation) => [routeOf(operation), operation.upload]);
    const csv = { fileField: 'file', maxFileBytes: 10 * 1024 * 1024, reader: 'enrichment-csv' };
    expect(uploads.sort()).toEqual(
      [
        ['POST /api/v1/enrich-csv', csv],
        ['POST /console/api/enrichments', csv],
        ['POST /console/api/enrichments/quote', csv],
        ['POST /console/api/operator/contact-imports', { fileField: 'file', maxFileBytes: 4 * 1024 ** 3, reader: 'contacts-csv' }],
      ].sort(),
    );
  });
});
