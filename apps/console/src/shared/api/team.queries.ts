import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from './console-client';

/** The owner's account's users, oldest first (a member is answered 403 FORBIDDEN). */
export const teamKeys = { all: ['team'] as const, list: () => [...teamKeys.all, 'list'] as const };

export const teamQueryOptions = () => queryOptions({ queryKey: teamKeys.list(), queryFn: () => consoleCall('consoleListTeam') });
