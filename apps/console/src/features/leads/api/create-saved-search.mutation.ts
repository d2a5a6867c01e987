import type { SavedSearch } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';
import type { LeadFilters } from '../lead-filter-set';
import { leadKeys } from './leads.queries';

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { name: string; filters: LeadFilters }) => consoleApi<SavedSearch>('POST', '/saved-searches', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.savedSearches() }),
  });
}
