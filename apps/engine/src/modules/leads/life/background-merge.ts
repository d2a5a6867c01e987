import type { Logger } from '@nestjs/common';
import { deltaSize } from '@lead-engine/core';
import type { EngineConfig } from '../../../config/engine-config.schema';
import {
  LeadTableStateCell,
  mergeFinished,
  sameLoad,
  segmentMerged,
  servedNow,
  snapshotWritten,
  workEnded,
  workStarted,
} from './lead-table-state';
import { mergeDeltasIntoSegments, MergeTarget } from './merge-segments';
import { writeMergedSnapshot } from './write-merged-snapshot';

export interface MergeParts {
  cell: LeadTableStateCell;
  config: Pick<EngineConfig, 'LEAD_SEGMENT_MIN_ROWS' | 'LEAD_SNAPSHOT_DIR'>;
  logger: Logger;
  /** Called once the merge has ended, however: changes that came meanwhile are read then. */
  ended(): void;
}

/** Merges the deltas of the table answering now into its segments in the background (see mergeDeltasIntoSegments), then writes a snapshot of them. */
export function startMerge({ cell, config, logger, ended }: MergeParts, reason: string): void {
  const start = servedNow(cell.get());
  if (start === null) return;
  const startedAt = performance.now();
  logger.log(
    { reason, deltas: start.live.deltas.length, deltaContacts: deltaSize(start.live), segments: start.live.segments.length },
    'lead table merging its changes into its segments',
  );
  cell.move((state) => workStarted(state, 'merging'));
  const target: MergeTarget = {
    current: () => {
      const now = servedNow(cell.get());
      return now !== null && sameLoad(now.live, start.live) ? now.live : null;
    },
    replace: (live) => cell.move((state) => segmentMerged(state, live)),
  };
  mergeDeltasIntoSegments(target, config.LEAD_SEGMENT_MIN_ROWS)
    .then(async (rebuilt) => {
      if (rebuilt === null) return logger.log({ reason: 'the table was loaded again whole' }, 'lead table merge abandoned');
      cell.move((state) => mergeFinished(state, { ms: performance.now() - startedAt, at: Date.now() }));
      const { live } = servedNow(cell.get())!;
      logger.log(
        {
          rebuilt,
          segments: live.segments.length,
          deltas: live.deltas.length,
          ms: Math.round(performance.now() - startedAt),
          rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
        },
        'lead table segments merged',
      );
      const writtenAt = await writeMergedSnapshot(config.LEAD_SNAPSHOT_DIR, live, start, logger);
      if (writtenAt !== null) cell.move((state) => snapshotWritten(state, live, writtenAt));
    })
    .catch((error) => logger.warn({ err: error }, 'lead table merge failed; its deltas keep answering'))
    .finally(() => {
      cell.move((state) => workEnded(state, 'merging'));
      ended();
    });
}
