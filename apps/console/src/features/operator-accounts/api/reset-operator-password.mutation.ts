import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** A one-time link to set the user's password, kept only in this mutation's state until the dialog closes. */
export function useResetOperatorPassword(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => consoleCall('operatorResetPassword', { params: { id: accountId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
    gcTime: 0,
  });
}
