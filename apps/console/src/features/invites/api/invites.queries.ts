import type { InviteView } from '@lead-engine/contracts/console';
import { queryOptions } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';

export const inviteKeys = {
  all: ['invites'] as const,
  detail: (token: string) => [...inviteKeys.all, token] as const,
};

export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inviteKeys.detail(token),
    queryFn: () => consoleApi<InviteView>('GET', `/invites/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
