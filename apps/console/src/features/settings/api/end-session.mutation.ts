import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { sessionKeys } from './sessions.queries';

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleCall('consoleEndSession', { params: { id } }),
    // An already ended session (404) is gone from the list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
