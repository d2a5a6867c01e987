import type { InviteTeamMemberRequest } from '@lead-engine/contracts/console';
import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

/**
 * Invites someone; the answer holds their one-time link, shown once. Like a new key, it lives only in
 * this mutation's state (gcTime 0, reset when its dialog closes); the list is refreshed then.
 */
export function useInviteTeamMember() {
  return useMutation({
    mutationFn: (request: InviteTeamMemberRequest) => consoleCall('consoleInviteTeamMember', { body: request }),
    gcTime: 0,
  });
}
