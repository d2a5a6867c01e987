import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';
import type { LeadFilters } from '../lead-filter-set';

/** Starts the quoted export (202): it charges what it delivers, at most the quote, while it runs. */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LeadFilters & { limit: number; quote_id: string }) => consoleCall('consoleStartExport', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}
