import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** Starts the account's one-time trial; the page refreshes either way (a refusal means it had already started). */
export function useStartOperatorTrial(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => consoleCall('operatorStartTrial', { params: { id: accountId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
  });
}
