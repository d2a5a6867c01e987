import type { IDataObject } from 'n8n-workflow';

/** What the trigger remembers between polls: the ids of the finished jobs it has already seen. */
export interface FinishedJobCursor {
  seenIds: string[];
}

export interface CursorStep {
  newlyFinished: IDataObject[];
  cursor: FinishedJobCursor;
}

/**
 * The finished jobs of a listing not seen before, oldest first, and the cursor after them. Without a cursor
 * (the first poll after activation) everything already finished counts as seen: history is not replayed.
 * The listing holds the most recent jobs only, so the cursor keeps just the ids it still shows.
 */
export function advanceCursor(
  finished: IDataObject[],
  cursor: FinishedJobCursor | undefined,
  completedAt: (job: IDataObject) => string,
): CursorStep {
  const ids = finished.map((job) => String(job.id));
  if (!cursor) return { newlyFinished: [], cursor: { seenIds: ids } };
  const seen = new Set(cursor.seenIds);
  const newlyFinished = finished.filter((job) => !seen.has(String(job.id))).sort((a, b) => completedAt(a).localeCompare(completedAt(b)));
  return { newlyFinished, cursor: { seenIds: ids } };
}

export function latestFinished(finished: IDataObject[], completedAt: (job: IDataObject) => string): IDataObject | undefined {
  return [...finished].sort((a, b) => completedAt(b).localeCompare(completedAt(a)))[0];
}
