import { ENRICHMENT_MAX_BYTES } from '@lead-engine/contracts';
import type { UploadRoute, UploadRoutes } from '../../infrastructure/http/multipart-upload';
import { EnrichmentCsvReader } from './enrichment-csv-reader';

const ENRICHMENT_UPLOAD: UploadRoute = { fileField: 'file', maxFileBytes: ENRICHMENT_MAX_BYTES, reader: () => new EnrichmentCsvReader() };

/** The routes that take a CSV to enrich, read as it arrives by EnrichmentCsvReader. */
export const ENRICHMENT_UPLOAD_ROUTES: UploadRoutes = {
  'POST /api/v1/enrich-csv': ENRICHMENT_UPLOAD,
  'POST /console/api/enrichments/quote': { ...ENRICHMENT_UPLOAD, signedIn: true },
  'POST /console/api/enrichments': { ...ENRICHMENT_UPLOAD, signedIn: true },
};
