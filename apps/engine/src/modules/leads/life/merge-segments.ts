import {
  baseSize,
  LiveLeadTable,
  mergeSegment,
  nextSegmentToMerge,
  segmentRange,
  segmentRowsFor,
  withSegmentMerged,
} from '@lead-engine/core';
import { letRequestsRun } from '../let-requests-run';

/** The live table a merge works on: read again before each segment, replaced after each. */
export interface MergeTarget {
  /** The table served now; null once it is gone (loaded again whole). */
  current(): LiveLeadTable | null;
  replace(live: LiveLeadTable): void;
}

/**
 * Merges the deltas the table holds now into its segments, one segment at a time, each swapped in as
 * soon as it is built, so the process holds the old and the new of one segment at most, and requests
 * are served between slices of the work. Changes that arrive meanwhile stay deltas for the next merge.
 * Answers how many segments were rebuilt, or null when the table was replaced before the end.
 */
export async function mergeDeltasIntoSegments(target: MergeTarget, segmentMinRows: number): Promise<number | null> {
  const start = target.current();
  if (start === null) return null;
  const deltas = new Set(start.deltas.map((delta) => delta.table));
  const segmentRows = segmentRowsFor(baseSize(start), segmentMinRows);
  let rebuilt = 0;
  // Segments are taken in seq order, each once: changes arriving meanwhile cannot keep a merge going.
  let after = -Infinity;
  for (;;) {
    const before = target.current();
    if (before === null) return null;
    let from = 0;
    while (from < before.segments.length && segmentRange(before, from).from < after) from++;
    const index = nextSegmentToMerge(before, deltas, from);
    if (index === -1) return rebuilt;
    const merge = await mergeSegment(before, index, deltas, segmentRows, letRequestsRun);
    const now = target.current();
    const merged = now === null ? null : withSegmentMerged(now, merge);
    if (merged === null) return null;
    target.replace(merged);
    rebuilt++;
    if (merge.range.to === Infinity) return rebuilt;
    after = merge.range.to;
  }
}
