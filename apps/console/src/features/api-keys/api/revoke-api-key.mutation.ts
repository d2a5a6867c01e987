import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '../../../shared/api/api-keys.queries';
import { consoleCall } from '../../../shared/api/console-client';

/** A revoked key fails on /api/v1 at once and drops out of the list (a key already gone answers 404: gone from the list too). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleCall('consoleRevokeApiKey', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
