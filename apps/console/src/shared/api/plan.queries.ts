import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from './console-client';

/** The account's plan, every plan's monthly credits and the trial. */
export const planKeys = { all: ['plan'] as const, view: () => [...planKeys.all, 'view'] as const };

export const planQueryOptions = () => queryOptions({ queryKey: planKeys.view(), queryFn: () => consoleCall('consoleGetPlan') });
