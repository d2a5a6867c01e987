import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from './console-client';

/** The account's live keys (an owner's: all of them; a member's: the ones they created), newest first. */
export const apiKeyKeys = { all: ['api-keys'] as const, list: () => [...apiKeyKeys.all, 'list'] as const };

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.list(), queryFn: () => consoleCall('consoleListApiKeys') });
