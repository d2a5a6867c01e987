import type { InviteTeamMemberRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { operatorAccountKeys } from './operator-accounts.queries';

/** A new user of the account and their one-time link, kept only in this mutation's state until the dialog closes. */
export function useInviteOperatorUser(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteTeamMemberRequest) => consoleCall('operatorInviteUser', { params: { id: accountId }, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAccountKeys.all }),
    gcTime: 0,
  });
}
