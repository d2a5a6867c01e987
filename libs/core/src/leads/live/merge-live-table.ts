import { LeadTable, LeadTableBuilder } from '../query/lead-table';
import { allRows } from '../query/row-bitmap';
import { decodeCompany, decodeContact } from './decode-rows';
import { liveSize, LiveLeadTable } from './live-lead-table';
import { liveParts } from './live-parts';
import { SeqOrderWalk } from './seq-order-walk';

/**
 * One table of the live table's current contacts in seq order: what replaces base and deltas once a
 * merge is done. The base's companies keep their indexes, so their keys stay valid; the deltas' new
 * companies follow in key order.
 */
export function mergeLiveTable(live: LiveLeadTable): LeadTable {
  const { base, deltas } = live;
  if (deltas.length === 0 && live.baseLive === null) return base;
  const builder = new LeadTableBuilder({ contacts: liveSize(live), companies: base.companyCount });
  for (let company = 0; company < base.companyCount; company++) builder.addCompany(decodeCompany(base, company));
  const newCompanies = new Map<number, { table: LeadTable; company: number }>();
  for (const { table, companyKeys } of deltas) {
    companyKeys.forEach((key, company) => {
      if (key >= base.companyCount && !newCompanies.has(key)) newCompanies.set(key, { table, company });
    });
  }
  const indexOfKey = new Map<number, number>();
  for (const key of [...newCompanies.keys()].sort((left, right) => left - right)) {
    const { table, company } = newCompanies.get(key)!;
    indexOfKey.set(key, builder.addCompany(decodeCompany(table, company)));
  }
  const parts = liveParts(live);
  const walk = new SeqOrderWalk(
    parts.map((part) => part.table),
    parts.map((part) => part.live ?? allRows(part.table.size)),
  );
  while (walk.next()) {
    const { table, companyKeys } = parts[walk.part];
    const contact = decodeContact(table, walk.row);
    if (companyKeys === null) {
      builder.addContact(contact);
      continue;
    }
    const key = companyKeys[contact.companyIndex];
    builder.addContact({ ...contact, companyIndex: key < base.companyCount ? key : indexOfKey.get(key)! });
  }
  return builder.build();
}
