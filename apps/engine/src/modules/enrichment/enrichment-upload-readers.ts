import type { UploadReaders } from '../../infrastructure/http/multipart-upload';
import { EnrichmentCsvReader } from './enrichment-csv-reader';

/** The operations whose upload names `enrichment-csv` take a CSV to enrich, read as it arrives. */
export const ENRICHMENT_UPLOAD_READERS: Pick<UploadReaders, 'enrichment-csv'> = { 'enrichment-csv': () => new EnrichmentCsvReader() };
