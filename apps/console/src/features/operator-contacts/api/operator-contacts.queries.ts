import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { isActive } from '../contact-import-words';

/** How often a queued or running import is asked again: the worker records its progress about every second. */
export const IMPORT_POLL_MS = 1000;

/** The contacts' totals and their imports (operators only: anyone else is answered 403 FORBIDDEN). */
export const operatorContactKeys = {
  all: ['operator-contacts'] as const,
  totals: () => [...operatorContactKeys.all, 'totals'] as const,
  imports: () => [...operatorContactKeys.all, 'imports'] as const,
  importList: () => [...operatorContactKeys.imports(), 'list'] as const,
  import: (id: string) => [...operatorContactKeys.imports(), 'detail', id] as const,
};

export const contactTotalsQueryOptions = () =>
  queryOptions({ queryKey: operatorContactKeys.totals(), queryFn: () => consoleCall('operatorGetContacts'), staleTime: 0 });

/** The latest 20 imports, asked again every second while any of them is queued or running. */
export const contactImportListQueryOptions = () =>
  queryOptions({
    queryKey: operatorContactKeys.importList(),
    queryFn: () => consoleCall('operatorListContactImports'),
    refetchInterval: (query) => (query.state.data?.data.some((listed) => isActive(listed.status)) ? IMPORT_POLL_MS : false),
    staleTime: 0,
  });

/** One import with its rejections, asked again every second until it completed or failed. */
export const contactImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: operatorContactKeys.import(id),
    queryFn: () => consoleCall('operatorGetContactImport', { params: { id } }),
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data.status) ? false : IMPORT_POLL_MS),
    staleTime: 0,
  });
