import { API_OPERATIONS } from '@lead-engine/contracts';
import { uploadRoutesOf, UploadReader } from './multipart-upload';

describe('the upload routes, read from the operation table', () => {
  it('gives each multipart operation its reader', () => {
    const reader = (): UploadReader<unknown> => ({ write: () => undefined, end: async () => 'read' });
    const contacts = (): UploadReader<unknown> => ({ write: () => undefined, end: async () => 'stored' });
    const routes = uploadRoutesOf(API_OPERATIONS, { 'enrichment-csv': reader, 'contacts-csv': contacts });
    expect(Object.keys(routes).sort()).toEqual([
      'POST /api/v1/enrich-csv',
      'POST /console/api/enrichments',
      'POST /console/api/enrichments/quote',
      'POST /console/api/operator/contact-imports',
    ]);
    expect(Object.values(routes).every((route) => route.fileField === 'file')).toBe(true);
    expect(routes['POST /console/api/operator/contact-imports'].reader).toBe(contacts);
    expect(routes['POST /console/api/enrichments'].reader).toBe(reader);
  });
});
