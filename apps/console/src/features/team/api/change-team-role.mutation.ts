import type { ChangeTeamRoleRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';
import { teamKeys } from '../../../shared/api/team.queries';

/** Demoting oneself changes what the frame shows, so the signed-in user is asked again too. */
export function useChangeTeamRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: ChangeTeamRoleRequest & { id: string }) =>
      consoleCall('consoleChangeTeamRole', { params: { id }, body: request }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.all }), queryClient.invalidateQueries({ queryKey: meKeys.all })]),
  });
}
