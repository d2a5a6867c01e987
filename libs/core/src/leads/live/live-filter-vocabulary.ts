import { COMPANY_SIZE_BANDS, COMPANY_SIZE_BUCKETS, REVENUE_BANDS } from '../company-derivations';
import type { LeadTable } from '../query/lead-table';
import type { EnumerableFilter, FilterVocabulary } from '../unknown-filter-values';
import { companiesOf, LiveLeadTable } from './live-lead-table';
import { liveParts } from './live-parts';

/** Values the filters define whatever the data holds: the sizes admit bands and raw buckets, revenue its bands. */
const DEFINED: Readonly<Record<'companySizes' | 'revenues', readonly string[]>> = {
  companySizes: [...Object.keys(COMPANY_SIZE_BANDS), ...COMPANY_SIZE_BUCKETS],
  revenues: REVENUE_BANDS,
};

/** The contact columns' dictionaries of a table, per filter. */
const DICTIONARY: Readonly<Record<'seniorities' | 'departments' | 'countryCodes', (table: LeadTable) => readonly string[]>> = {
  seniorities: (table) => table.seniorities,
  departments: (table) => table.departments,
  countryCodes: (table) => table.countries,
};

/**
 * Sets of a dictionary's values, kept while it is alive. A table's dictionaries never change; the store's
 * industries only grow, which a longer array tells.
 */
const valueSets = new WeakMap<readonly string[], { length: number; set: ReadonlySet<string> }>();

function setOf(values: readonly string[]): ReadonlySet<string> {
  const cached = valueSets.get(values);
  if (cached !== undefined && cached.length === values.length) return cached.set;
  const set = new Set(values);
  valueSets.set(values, { length: values.length, set });
  return set;
}

/**
 * What the enumerable filters of a live table can be: the defined sizes and revenue bands, and the
 * seniorities, departments, countries and industries its tables hold, each a set lookup per value
 * (kept per dictionary, so the rows are never read).
 */
export function liveFilterVocabulary(live: LiveLeadTable): FilterVocabulary {
  const dictionaries = (filter: EnumerableFilter): Array<readonly string[]> => {
    switch (filter) {
      case 'companySizes':
      case 'revenues':
        return [DEFINED[filter]];
      case 'industryNames':
        return [companiesOf(live).industries];
      default:
        return liveParts(live).map((part) => DICTIONARY[filter](part.table));
    }
  };
  return {
    has: (filter, value) => dictionaries(filter).some((values) => setOf(values).has(value)),
    values: (filter) => new Set(dictionaries(filter).flat()),
  };
}
