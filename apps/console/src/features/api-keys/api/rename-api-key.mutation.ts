import type { ApiKeyView, RenameApiKeyRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '../../../shared/api/api-keys.queries';
import { consoleApi } from '../../../shared/api/console-client';

export function useRenameApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: RenameApiKeyRequest & { id: string }) =>
      consoleApi<ApiKeyView>('PATCH', `/keys/${encodeURIComponent(id)}`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
