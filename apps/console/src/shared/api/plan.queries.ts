import type { PlanView } from '@lead-engine/contracts/console';
import { queryOptions } from '@tanstack/react-query';
import { consoleApi } from './console-client';

/** The account's plan, every plan's monthly credits and the trial. */
export const planKeys = { all: ['plan'] as const, view: () => [...planKeys.all, 'view'] as const };

export const planQueryOptions = () => queryOptions({ queryKey: planKeys.view(), queryFn: () => consoleApi<PlanView>('GET', '/plan') });
