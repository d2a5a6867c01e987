import type { SignInRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignInRequest) => consoleCall('consoleSignIn', { body: request }),
    onSuccess: (me) => {
      // A new session: nothing cached under another one may show.
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, me);
    },
  });
}
