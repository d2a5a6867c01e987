import { CompanyStore, decodeCompany } from '../companies/company-store';
import { LeadTable, profileColumn } from '../query/lead-table';
import { indexValueRows } from '../indexes/value-rows';

/**
 * A delta built apart from the live table it is for (in the thread that read the change, over a
 * company store of its own) made a table over the live table's store: each of its companies found
 * there by id or added, its company column renumbered in place and its profile index built again.
 * Everything else it brings is kept, so what is left here costs its companies and one pass over its
 * rows.
 */
export function adoptDelta(delta: LeadTable, companies: CompanyStore): LeadTable {
  const own = delta.companies;
  const keys = new Uint32Array(delta.companyCount);
  for (let key = 0; key < delta.companyCount; key++) {
    const found = companies.keyOf(own.id[key]);
    keys[key] = found === -1 ? companies.add(decodeCompany(own, key)) : found;
  }
  companies.seal();
  const company = delta.company;
  for (let row = 0; row < delta.size; row++) company[row] = keys[company[row]];
  return {
    ...delta,
    company,
    companies,
    companyCount: companies.count,
    profileCount: companies.profileCount,
    rowsBy: {
      ...delta.rowsBy,
      profile: indexValueRows(profileColumn(company, companies.profile), companies.profileCount, delta.size),
    },
  };
}
