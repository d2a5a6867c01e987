import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { consoleCall } from '../../../shared/api/console-client';

/** Ends this session, forgets everything shown and opens the sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => consoleCall('consoleSignOut'),
    onSettled: async () => {
      queryClient.clear();
      await navigate({ to: '/sign-in', search: {} });
    },
  });
}
