import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';
import { leadKeys } from './leads.queries';

/**
 * Reveals the quoted leads: charges at most the confirmed quote, once. Afterwards the frame's balance is
 * asked again, and the masked pages too (browse leaves revealed leads out).
 */
export function useRevealLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { leadIds: string[]; quote_id: string }) => consoleCall('consoleRevealLeads', { body: request }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...leadKeys.all, 'browse'] }),
      ]),
  });
}
