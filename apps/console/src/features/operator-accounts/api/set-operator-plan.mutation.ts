import type { OperatorSetPlanRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** Sets or ends the account's plan; the account's page and the search refresh after. */
export function useSetOperatorPlan(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OperatorSetPlanRequest) => consoleCall('operatorSetPlan', { params: { id: accountId }, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
  });
}
