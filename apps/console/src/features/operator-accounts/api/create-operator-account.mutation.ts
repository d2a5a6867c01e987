import type { CreateOperatorAccountRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/**
 * Creates an account; the answer holds its first API key, shown once. Like a key of one's own, it lives
 * only in this mutation's state (gcTime 0, reset when the dialog closes). The search refreshes at once,
 * since the dialog may be left by the link to the new account.
 */
export function useCreateOperatorAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateOperatorAccountRequest) => consoleCall('operatorCreateAccount', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
    gcTime: 0,
  });
}
