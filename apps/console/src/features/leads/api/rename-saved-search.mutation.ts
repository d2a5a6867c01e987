import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { leadKeys } from './leads.queries';

export function useRenameSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => consoleCall('consoleRenameSavedSearch', { params: { id }, body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.savedSearches() }),
  });
}
