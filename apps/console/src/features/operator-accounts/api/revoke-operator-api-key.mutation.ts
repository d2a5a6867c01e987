import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** The key fails on /api/v1 at once; the page refreshes either way (a refusal means it was already revoked). */
export function useRevokeOperatorApiKey(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => consoleCall('operatorRevokeApiKey', { params: { id: accountId, keyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
  });
}
