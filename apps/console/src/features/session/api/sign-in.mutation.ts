import type { MeResponse, SignInRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignInRequest) => consoleApi<MeResponse>('POST', '/session', request),
    onSuccess: (me) => {
      // A new session: nothing cached under another one may show.
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, me);
    },
  });
}
