import type { ConsoleSessionList } from '@lead-engine/contracts/console';
import { queryOptions } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';

export const sessionKeys = { all: ['sessions'] as const };

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.all, queryFn: () => consoleApi<ConsoleSessionList>('GET', '/me/sessions') });
