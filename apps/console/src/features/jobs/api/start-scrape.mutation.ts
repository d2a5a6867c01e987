import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';
import { jobKeys } from './jobs.queries';

/**
 * Starts reading the sites (202), holding exactly the confirmed credits; another hold is refused with
 * QUOTE_MISMATCH. Afterwards the lists show the new scrape (and poll while it runs) and the frame's balance
 * shows the hold.
 */
export function useStartScrape() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { domains: string[]; credits: number }) => consoleCall('consoleStartScrape', { body: request }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: jobKeys.lists() }), queryClient.invalidateQueries({ queryKey: meKeys.all })]),
  });
}
