import type { OperatorGrantRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** Grants credits with a reason; the account's page and the search's balances refresh after. */
export function useGrantOperatorCredits(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OperatorGrantRequest) => consoleCall('operatorGrantCredits', { params: { id: accountId }, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
  });
}
