import type { SavedSearch } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';
import { leadKeys } from './leads.queries';

export function useRenameSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      consoleApi<SavedSearch>('PATCH', `/saved-searches/${encodeURIComponent(id)}`, { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.savedSearches() }),
  });
}
