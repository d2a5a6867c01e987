import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';
import { jobKeys } from './jobs.queries';
import { type EnrichmentUpload, enrichmentForm } from './quote-enrichment.mutation';

/**
 * Starts the enrichment (202), holding exactly the confirmed credits; another hold is refused with
 * QUOTE_MISMATCH. Afterwards the lists show it (and poll while it runs) and the frame's balance shows the hold.
 */
export function useStartEnrichment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ credits, ...upload }: EnrichmentUpload & { credits: number }) =>
      consoleCall('consoleStartEnrichment', { form: enrichmentForm(upload, credits) }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: jobKeys.lists() }), queryClient.invalidateQueries({ queryKey: meKeys.all })]),
  });
}
