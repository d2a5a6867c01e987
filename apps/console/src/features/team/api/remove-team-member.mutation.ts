import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { apiKeyKeys } from '../../../shared/api/api-keys.queries';
import { teamKeys } from '../../../shared/api/team.queries';

/** The user's sessions end at once; the keys they created are revoked with them, or stay the account's. */
export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revokeKeys }: { id: string; revokeKeys: boolean }) =>
      consoleCall('consoleRemoveTeamMember', { params: { id }, query: { revokeKeys: revokeKeys ? 'true' : 'false' } }),
    onSettled: () => Promise.all([teamKeys.all, apiKeyKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
