import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';
import { leadKeys } from './leads.queries';

/** A search already gone answers 404: gone from the list too. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleApi('DELETE', `/saved-searches/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.savedSearches() }),
  });
}
