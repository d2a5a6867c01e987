import { LeadTable, LeadTableBuilder } from '../query/lead-table';
import { allRows } from '../query/row-bitmap';
import { decodeCompany, decodeContact } from './decode-rows';
import { liveSize, LiveLeadTable } from './live-lead-table';
import { SeqOrderWalk } from './seq-order-walk';

/**
 * One table of the live table's current contacts in seq order: what replaces base and delta once a
 * merge is done. The base's companies keep their indexes, so their keys stay valid; the delta's new
 * companies follow in key order.
 */
export function mergeLiveTable(live: LiveLeadTable): LeadTable {
  const { base, delta } = live;
  if (delta === null) return base;
  const deltaTable = delta.table;
  const builder = new LeadTableBuilder({ contacts: liveSize(live), companies: base.companyCount + deltaTable.companyCount });
  for (let company = 0; company < base.companyCount; company++) builder.addCompany(decodeCompany(base, company));
  const indexOfKey = new Map<number, number>();
  const newCompanies = [...delta.companyKeys.keys()].filter((company) => delta.companyKeys[company] >= base.companyCount);
  newCompanies.sort((left, right) => delta.companyKeys[left] - delta.companyKeys[right]);
  for (const company of newCompanies) indexOfKey.set(delta.companyKeys[company], builder.addCompany(decodeCompany(deltaTable, company)));
  const walk = new SeqOrderWalk([base, deltaTable], [delta.baseLive, allRows(deltaTable.size)]);
  while (walk.next()) {
    if (walk.part === 0) {
      builder.addContact(decodeContact(base, walk.row));
      continue;
    }
    const contact = decodeContact(deltaTable, walk.row);
    const key = delta.companyKeys[contact.companyIndex];
    builder.addContact({ ...contact, companyIndex: key < base.companyCount ? key : indexOfKey.get(key)! });
  }
  return builder.build();
}
