import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import type { LeadFilters } from '../lead-filter-set';
import { leadKeys } from './leads.queries';

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { name: string; filters: LeadFilters }) => consoleCall('consoleCreateSavedSearch', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.savedSearches() }),
  });
}
