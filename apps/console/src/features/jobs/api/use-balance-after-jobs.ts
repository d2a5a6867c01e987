import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { meKeys } from '../../../shared/api/me.queries';
import { isActive } from '../job-words';
import type { JobStatus } from '../jobs-search';

/**
 * When a job shown as queued or running is seen finished (or no longer listed), the frame's balance
 * is asked again: a finished export charged, a finished scrape or enrichment may have refunded.
 */
export function useBalanceAfterJobs(jobs: ReadonlyArray<{ id: string; status: JobStatus }> | undefined, alsoInvalidate?: QueryKey) {
  const queryClient = useQueryClient();
  const active = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!jobs) return;
    const now = new Set(jobs.filter((job) => isActive(job.status)).map((job) => job.id));
    const before = active.current;
    active.current = now;
    if (before && [...before].some((id) => !now.has(id))) {
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
      if (alsoInvalidate) void queryClient.invalidateQueries({ queryKey: alsoInvalidate });
    }
  }, [jobs, queryClient, alsoInvalidate]);
}
