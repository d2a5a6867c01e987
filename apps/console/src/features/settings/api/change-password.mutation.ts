import type { ChangePasswordRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { sessionKeys } from './sessions.queries';

/** A new password ends every other session of the user. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => consoleCall('consoleChangePassword', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
