import type { PlanView } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { meKeys } from '../../../shared/api/me.queries';
import { planKeys } from '../../../shared/api/plan.queries';

/** Starts the one-time trial; the frame's balance and the plan view refresh either way (a refusal means it had already started). */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => consoleCall('consoleStartTrial'),
    onSuccess: ({ balance: _balance, ...view }) => queryClient.setQueryData<PlanView>(planKeys.view(), view),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: meKeys.all }), queryClient.invalidateQueries({ queryKey: planKeys.all })]),
  });
}
