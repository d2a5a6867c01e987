import type { Logger } from '@nestjs/common';
import { deltaSize } from '@lead-engine/core';
import type { ReadChanges } from '../threads/lead-changes-reader';
import type { ServedTable } from './lead-table-state';
import type { TableChanges } from './table-changes';

export interface AppliedChanges {
  before: ServedTable;
  after: ServedTable;
  read: ReadChanges;
  changes: TableChanges;
  /** performance.now() when the read was asked for, and when its delta began to be adopted. */
  startedAt: number;
  adoptedAt: number;
}

/** Says what a delta brought, when it brought contacts. */
export function logChangesApplied(logger: Logger, { before, after, read, changes, startedAt, adoptedAt }: AppliedChanges): void {
  if (changes.delta === null) return;
  const { live } = after;
  logger.log(
    {
      contacts: changes.delta.size,
      from: before.dataVersion,
      to: read.dataVersion,
      deltas: live.deltas.length,
      deltaContacts: deltaSize(live),
      readMs: read.ms,
      adoptMs: Math.round(performance.now() - adoptedAt),
      ms: Math.round(performance.now() - startedAt),
    },
    'lead changes applied',
  );
}
