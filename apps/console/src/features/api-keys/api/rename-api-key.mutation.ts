import type { ApiKeyView, RenameApiKeyRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';
import { apiKeyKeys } from './api-keys.queries';

export function useRenameApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: RenameApiKeyRequest & { id: string }) =>
      consoleApi<ApiKeyView>('PATCH', `/keys/${encodeURIComponent(id)}`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
