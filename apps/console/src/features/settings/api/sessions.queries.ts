import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

export const sessionKeys = { all: ['sessions'] as const };

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionKeys.all, queryFn: () => consoleCall('consoleListSessions') });
