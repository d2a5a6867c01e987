import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

export const inviteKeys = {
  all: ['invites'] as const,
  detail: (token: string) => [...inviteKeys.all, token] as const,
};

export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inviteKeys.detail(token),
    queryFn: () => consoleCall('consoleGetInvite', { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });
