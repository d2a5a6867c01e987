import type { ContactImportDetail, ContactImportList } from '@lead-engine/contracts/console';
import type { QueryClient } from '@tanstack/react-query';
import { operatorContactKeys } from './operator-contacts.queries';

/**
 * A queued import goes into the list at once, before the list is asked again: an import of a few rows
 * may complete before that answer, and the totals follow an import seen queued or running.
 */
export function showStartedImport(queryClient: QueryClient, started: ContactImportDetail): Promise<void> {
  const { rejections: _rejections, ...listed } = started;
  queryClient.setQueryData(operatorContactKeys.import(started.id), started);
  queryClient.setQueryData<ContactImportList>(operatorContactKeys.importList(), (list) => ({
    data: [listed, ...(list?.data ?? []).filter((other) => other.id !== started.id)],
  }));
  return queryClient.invalidateQueries({ queryKey: operatorContactKeys.importList() });
}
