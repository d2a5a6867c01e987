import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiCallError } from '../shared/api/console-client';

/** One query client; any request answered SESSION_REQUIRED (the session ended or expired elsewhere) calls onSessionEnded. */
export function createQueryClient(onSessionEnded: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isApiCallError(error, 'SESSION_REQUIRED')) onSessionEnded();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => !isApiCallError(error) && failures < 2,
      },
    },
  });
}
