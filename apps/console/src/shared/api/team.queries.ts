import type { TeamList } from '@lead-engine/contracts/console';
import { queryOptions } from '@tanstack/react-query';
import { consoleApi } from './console-client';

/** The owner's account's users, oldest first (a member is answered 403 FORBIDDEN). */
export const teamKeys = { all: ['team'] as const, list: () => [...teamKeys.all, 'list'] as const };

export const teamQueryOptions = () => queryOptions({ queryKey: teamKeys.list(), queryFn: () => consoleApi<TeamList>('GET', '/team') });
