import type { GenerateContactsRequest } from '@lead-engine/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { showStartedImport } from './started-import';

/** Queues synthetic contacts; the engine answers at once with the queued generation. */
export function useGenerateContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: GenerateContactsRequest) => consoleCall('operatorGenerateContacts', { body: request }),
    onSuccess: (started) => showStartedImport(queryClient, started),
  });
}
