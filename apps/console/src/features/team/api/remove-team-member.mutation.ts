import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { teamKeys } from '../../../shared/api/team.queries';

/** The user's sessions end at once; the keys they created stay the account's. */
export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleCall('consoleRemoveTeamMember', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
