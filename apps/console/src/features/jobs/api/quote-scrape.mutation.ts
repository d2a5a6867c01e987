import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

/** What reading these sites would hold now (1 credit per unique site) and the balance; free, nothing held. */
export function useQuoteScrape() {
  return useMutation({
    mutationFn: (domains: string[]) => consoleCall('consoleQuoteScrape', { body: { domains } }),
  });
}
