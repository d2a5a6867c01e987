import type { CreateApiKeyRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** A key of the account, shown once: it lives only in this mutation's state (gcTime 0, reset when the dialog closes). */
export function useCreateOperatorApiKey(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => consoleCall('operatorCreateApiKey', { params: { id: accountId }, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
    gcTime: 0,
  });
}
