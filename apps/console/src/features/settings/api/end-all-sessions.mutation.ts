import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { consoleCall } from '../../../shared/api/console-client';

/** "Sign out everywhere": every session of the user ends, this one too. */
export function useEndAllSessions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => consoleCall('consoleSignOutEverywhere'),
    onSuccess: async () => {
      queryClient.clear();
      await navigate({ to: '/sign-in', search: {} });
    },
  });
}
