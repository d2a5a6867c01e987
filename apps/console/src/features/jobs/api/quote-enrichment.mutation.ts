import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import type { EnrichmentFieldId } from '../enrichment-fields';

export interface EnrichmentUpload {
  file: File;
  fields: EnrichmentFieldId[];
  targetIcp: string;
  sellerOffer: string;
}

/** The multipart form of /console/api/enrichments(/quote): the CSV, fields as comma-separated ids, the texts when given. */
export function enrichmentForm({ file, fields, targetIcp, sellerOffer }: EnrichmentUpload, credits?: number): FormData {
  const form = new FormData();
  form.append('fields', fields.join(','));
  if (targetIcp.trim()) form.append('target_icp', targetIcp.trim());
  if (sellerOffer.trim()) form.append('seller_offer', sellerOffer.trim());
  if (credits !== undefined) form.append('credits', String(credits));
  // The file last, so that the form's fields have arrived when its rows stream in.
  form.append('file', file, file.name);
  return form;
}

/** What enriching this CSV with these fields would hold (rows × the fields' prices) and the balance; free, nothing held. */
export function useQuoteEnrichment() {
  return useMutation({
    mutationFn: (upload: EnrichmentUpload) => consoleCall('consoleQuoteEnrichment', { form: enrichmentForm(upload) }),
  });
}
