import { API_OPERATIONS } from '@lead-engine/contracts';
import { uploadRoutesOf, UploadReader } from './multipart-upload';

describe('the upload routes, read from the operation table', () => {
  it('gives each multipart operation its reader', () => {
    const reader = (): UploadReader<unknown> => ({ write: () => undefined, end: async () => 'read' });
    const routes = uploadRoutesOf(API_OPERATIONS, { 'enrichment-csv': reader });
    expect(Object.keys(routes).sort()).toEqual([
      'POST /api/v1/enrich-csv',
      'POST /console/api/enrichments',
      'POST /console/api/enrichments/quote',
    ]);
    expect(Object.values(routes).every((route) => route.reader === reader && route.fileField === 'file')).toBe(true);
  });
});
