import type { LowBalanceThresholdRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { overviewKeys } from './overview.queries';

/** Owners set or remove (null) the balance below which the Overview warns; the answer is the new Overview. */
export function useSetLowBalanceThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LowBalanceThresholdRequest) => consoleCall('consoleSetLowBalanceThreshold', { body: request }),
    onSuccess: (overview) => queryClient.setQueryData(overviewKeys.view(), overview),
  });
}
