import type { Logger } from '@nestjs/common';
import { reasonToMerge } from '@lead-engine/core';
import { isDatabaseUnreachable } from '../../../infrastructure/database/is-database-unreachable';
import type { LeadChangesReader } from '../threads/lead-changes-reader';
import { changesApplied, isDoing, LeadTableStateCell, sameLoad, servedNow, workEnded, workStarted } from './lead-table-state';
import { logChangesApplied } from './log-changes-applied';
import { adoptChanges, readChangesFor } from './table-changes';

export interface CatchUpParts {
  cell: LeadTableStateCell;
  logger: Logger;
  changes: LeadChangesReader;
  /** Loads the table again whole, for changes a delta cannot say. */
  loadWhole(): void;
  /** Merges the deltas into the segments in the background. */
  merge(reason: string): void;
  /** Resolves once PostgreSQL, found unreachable, is back; rejects when the engine stops first. */
  databaseBack(): Promise<void>;
}

/**
 * Brings the table up to the database's lead data: the contacts written since its version as a
 * delta, or a whole load when a delta cannot say what changed. Requests during one are folded into one
 * more after it. A table still loading is caught up once it is done (the load asks).
 */
export class CatchUp {
  private running: Promise<void> | null = null;
  private again = false;
  private waitingForDatabase = false;

  constructor(private readonly parts: CatchUpParts) {}

  request(): Promise<void> {
    const { cell, logger } = this.parts;
    if (servedNow(cell.get()) === null) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    cell.move((state) => workStarted(state, 'catchingUp'));
    this.running = this.apply()
      .catch((error) => this.failed(error))
      .finally(() => {
        this.running = null;
        cell.move((state) => workEnded(state, 'catchingUp'));
        if (this.again) {
          this.again = false;
          void this.request();
        }
      });
    return this.running;
  }

  /** An announcement is not made twice: changes that met an outage are read again once PostgreSQL is back. */
  private failed(error: unknown): void {
    const { logger, databaseBack } = this.parts;
    if (!isDatabaseUnreachable(error)) return logger.warn({ err: error }, 'lead changes not applied; the next announcement tries again');
    logger.debug({ err: error }, 'lead changes not applied; applied when PostgreSQL is back');
    // However many announcements meet the outage, one catch-up follows its end.
    if (this.waitingForDatabase) return;
    this.waitingForDatabase = true;
    databaseBack()
      .then(
        () => void this.request(),
        () => undefined,
      )
      .finally(() => (this.waitingForDatabase = false));
  }

  private async apply(): Promise<void> {
    const { cell, logger, changes } = this.parts;
    const served = servedNow(cell.get())!;
    const startedAt = performance.now();
    const read = await readChangesFor(changes, served);
    const now = servedNow(cell.get());
    // A whole load finished meanwhile; it is caught up on its own. A merge step that swapped a segment in meanwhile is no matter.
    if (now === null || !sameLoad(now.live, served.live)) return;
    if (read.loadWholeBecause !== null) {
      // A whole load under way is caught up when done, which asks again whether deltas will do.
      if (isDoing(cell.get(), 'reloading')) return;
      logger.log({ reason: read.loadWholeBecause, at: now.dataVersion }, 'lead table loading again whole');
      this.parts.loadWhole();
      return;
    }
    const adoptedAt = performance.now();
    const adopted = adoptChanges(read, now.live);
    cell.move((state) => changesApplied(state, now.live, adopted, Date.now()));
    const after = servedNow(cell.get())!;
    logChangesApplied(logger, { before: now, after, read, changes: adopted, startedAt, adoptedAt });
    const mergeBecause = reasonToMerge(after.live);
    if (mergeBecause !== null && !isDoing(cell.get(), 'merging') && !isDoing(cell.get(), 'reloading')) this.parts.merge(mergeBecause);
  }
}
