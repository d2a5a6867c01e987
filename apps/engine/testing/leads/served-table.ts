import { createContactGenerator, liveTable } from '@lead-engine/core';
import { syntheticSegments } from '../../../../libs/core/testing/leads/synthetic-lead-tables';
import type { ServedTable } from '../../src/modules/leads/life/lead-table-state';

export interface GeneratedTableOptions extends Partial<Omit<ServedTable, 'live'>> {
  contacts: number;
  segmentRows: number;
  seed?: number;
}

/**
 * A table as a whole load serves it, for specs: generated contacts at seqs 1, 2, … in segments of
 * `segmentRows`, over a company store of its own, read from PostgreSQL at `d:<contacts>` unless told.
 */
export function generatedServedTable({ contacts, segmentRows, seed = 1, ...values }: GeneratedTableOptions): ServedTable {
  const generator = createContactGenerator(seed);
  const rows = Array.from({ length: contacts }, (_, index) => [index + 1, generator.next()] as const);
  return {
    live: liveTable(syntheticSegments(rows, segmentRows)),
    dataVersion: `d:${contacts}`,
    reloadVersion: 'r1',
    source: 'database',
    snapshotWrittenAt: null,
    loadedAt: new Date(0),
    ...values,
  };
}
