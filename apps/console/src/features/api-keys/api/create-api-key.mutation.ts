import type { CreateApiKeyRequest } from '@lead-engine/contracts/console';
import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

/**
 * Creates a key; the answer holds the whole key, shown once. It lives only in this mutation's state:
 * the page calls reset() when the key's dialog closes, and gcTime 0 drops the mutation from the cache
 * at once, so nothing in the browser keeps the key afterwards. The list is refreshed then, not here.
 */
export function useCreateApiKey() {
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => consoleCall('consoleCreateApiKey', { body: request }),
    gcTime: 0,
  });
}
