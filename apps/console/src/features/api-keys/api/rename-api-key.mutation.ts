import type { RenameApiKeyRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '../../../shared/api/api-keys.queries';
import { consoleCall } from '../../../shared/api/console-client';

export function useRenameApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: RenameApiKeyRequest & { id: string }) =>
      consoleCall('consoleRenameApiKey', { params: { id }, body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
