import { LeadTable, LeadTableBuilder } from '../query/lead-table';
import { allRows } from '../indexes/row-bitmap';
import { decodeContact } from './decode-rows';
import { companiesOf, liveSize, LiveLeadTable, singleTable } from './live-lead-table';
import { liveParts } from './live-parts';
import { SeqOrderWalk } from '../query/seq-order-walk';

/**
 * One table of the live table's current contacts in seq order: what replaces base and deltas once a
 * merge is done. Only contacts are copied: the table names its companies by the same keys, in the same
 * store.
 */
export function mergeLiveTable(live: LiveLeadTable): LeadTable {
  const single = singleTable(live);
  if (single !== null) return single;
  const builder = new LeadTableBuilder({ contacts: liveSize(live) }, companiesOf(live));
  const parts = liveParts(live);
  const walk = new SeqOrderWalk(
    parts.map((part) => part.table),
    parts.map((part) => part.live ?? allRows(part.table.size)),
  );
  while (walk.next()) builder.addContact(decodeContact(parts[walk.part].table, walk.row));
  return builder.build();
}
