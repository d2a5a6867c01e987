import type { UpdateMeRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateMeRequest) => consoleCall('consoleUpdateMe', { body: request }),
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}
