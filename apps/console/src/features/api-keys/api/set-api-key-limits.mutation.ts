import type { ApiKeyLimitsRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '../../../shared/api/api-keys.queries';
import { consoleCall } from '../../../shared/api/console-client';

/** Every limit of a key at once; the next call through it meets them. */
export function useSetApiKeyLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: ApiKeyLimitsRequest & { id: string }) =>
      consoleCall('consoleSetApiKeyLimits', { params: { id }, body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
