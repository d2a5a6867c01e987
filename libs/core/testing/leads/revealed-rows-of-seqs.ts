import type { LeadTable } from '../../src/leads/query/lead-table';
import { indexInAscending } from '../../src/leads/indexes/sorted-search';
import { RevealedRows } from '../../src/leads/reveals/revealed-rows';

/** The table's rows holding these seqs; seqs the table does not hold (contacts gone since) are skipped. */
export function revealedRowsOfSeqs(table: LeadTable, seqs: Iterable<number>, into = new RevealedRows(table.size)): RevealedRows {
  for (const seq of seqs) {
    const row = indexInAscending(table.seq, seq);
    if (row !== -1) into.add(row);
  }
  return into;
}
