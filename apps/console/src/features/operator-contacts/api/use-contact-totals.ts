import type { ContactImport } from '@lead-engine/contracts/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isActive } from '../contact-import-words';
import { contactTotalsQueryOptions, operatorContactKeys } from './operator-contacts.queries';

/** The engine's lead table takes an import's contacts in within seconds of it, not at its end. */
const FOLLOW_AFTER_IMPORT_MS = 20_000;
const FOLLOW_EVERY_MS = 2000;

/**
 * The totals, asked again when an import seen queued or running completes, then every 2 s for 20 s
 * while the lead table takes its contacts in.
 */
export function useContactTotals(imports: ContactImport[] | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const activeIds = useRef(new Set<string>());
  const followUntil = useRef(0);

  useEffect(() => {
    if (!imports) return;
    const completed = imports.some((listed) => listed.status === 'completed' && activeIds.current.has(listed.id));
    activeIds.current = new Set(imports.filter((listed) => isActive(listed.status)).map((listed) => listed.id));
    if (!completed) return;
    followUntil.current = Date.now() + FOLLOW_AFTER_IMPORT_MS;
    void queryClient.invalidateQueries({ queryKey: operatorContactKeys.totals() });
  }, [imports, queryClient]);

  return useQuery({
    ...contactTotalsQueryOptions(),
    enabled,
    refetchInterval: () => (Date.now() < followUntil.current ? FOLLOW_EVERY_MS : false),
  });
}
