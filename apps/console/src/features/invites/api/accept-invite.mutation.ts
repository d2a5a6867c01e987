import type { AcceptInviteRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';

/** Sets the name and password of an invite (or the new password of a reset) and signs in. */
export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AcceptInviteRequest) => consoleCall('consoleAcceptInvite', { params: { token }, body: request }),
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, me);
    },
  });
}
