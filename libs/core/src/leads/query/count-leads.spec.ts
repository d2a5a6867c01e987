import { revealedRowsOfSeqs } from '../../../testing/leads/revealed-rows-of-seqs';
import { companyTypeForIndustry, COMPANY_SIZE_BUCKETS } from '../company-derivations';
import { normalizeFilters, NormalizedFilters, RawFilterSet } from '../normalize-filters';
import { generateContacts, SyntheticContact } from '../synthetic';
import { matchesKeywordFilter, matchesTitleFilter } from '../text-matching';
import { revenueBandForSize } from '../company-derivations';
import { countLeads } from './count-leads';
import { compileLeadQuery, FIRMOGRAPHIC_FILTERS, QUERY_FILTERS, QueryFilter } from './lead-query';
import type { LeadTable } from './lead-table';
import { syntheticLeadTable } from '../../../testing/leads/synthetic-lead-tables';
import { scanLeads } from './scan-leads';

const contacts = [...generateContacts(4000, 11)];

function buildTable(from: SyntheticContact[] = contacts): LeadTable {
  return syntheticLeadTable(from.map((contact, index) => [index + 1, contact] as const));
}

/** The obvious per-contact evaluation, to hold the columnar engine to. */
function referenceMatches(contact: SyntheticContact, filters: NormalizedFilters, skip: ReadonlySet<QueryFilter>): boolean {
  const on = (filter: QueryFilter) => !skip.has(filter);
  if (on('industryNames') && filters.industryNames.length && !filters.industryNames.includes(contact.industry)) return false;
  if (on('companySizes') && filters.companySizeBuckets && !filters.companySizeBuckets.includes(contact.companySize)) return false;
  if (on('revenues') && filters.revenues.length && !filters.revenues.includes(revenueBandForSize(contact.companySize) ?? '')) return false;
  if (on('companyTypes') && filters.companyTypes.length && !filters.companyTypes.includes(companyTypeForIndustry(contact.industry)))
    return false;
  if (
    on('countryCodes') &&
    filters.countryCodes.length &&
    !filters.countryCodes.map((code) => code.toUpperCase()).includes(contact.countryCode)
  )
    return false;
  if (on('seniorities') && filters.seniorities.length && !filters.seniorities.includes(contact.seniority)) return false;
  if (on('departments') && filters.departments.length && !filters.departments.includes(contact.department)) return false;
  const titleFilter = {
    jobTitles: on('jobTitles') ? filters.jobTitles : [],
    excludeTitles: on('excludeTitles') ? filters.excludeTitles : [],
    exactMatch: filters.exactMatch,
  };
  if (!matchesTitleFilter(contact.jobTitle, titleFilter)) return false;
  const keywordFilter = {
    includeKeywords: on('includeKeywords') ? filters.includeKeywords : [],
    excludeKeywords: on('excludeKeywords') ? filters.excludeKeywords : [],
    exactMatch: filters.exactMatch,
    matchAny: filters.matchAny,
  };
  return matchesKeywordFilter(contact.companyDescription, keywordFilter);
}

function referenceCount(filters: NormalizedFilters, skip: ReadonlySet<QueryFilter> = new Set(), cap = filters.maxPerCompany): number {
  const perCompany = new Map<string, number>();
  let count = 0;
  for (const contact of contacts) {
    if (!referenceMatches(contact, filters, skip)) continue;
    const used = perCompany.get(contact.companyDomain) ?? 0;
    if (cap !== null && used >= cap) continue;
    perCompany.set(contact.companyDomain, used + 1);
    count++;
  }
  return count;
}

const QUERIES: RawFilterSet[] = [
  {},
  { jobTitles: ['cto'] },
  { jobTitles: ['cto'], exactMatch: true },
  { jobTitles: ['engineer', 'director'], excludeTitles: ['senior'] },
  { seniorities: ['VP', 'Director'], departments: ['Sales'] },
  { industryNames: ['Computer Software', 'Hospital & Health Care'], companySizes: ['51-200', '10001+'] },
  { revenues: ['$10M-50M'], companyTypes: ['private'] },
  { companyTypes: ['government', 'education'] },
  { includeKeywords: ['software', 'health'] },
  { includeKeywords: ['software', 'cloud'], matchAny: false },
  { includeKeywords: ['data', 'ai'], exactMatch: true, excludeKeywords: ['consulting'] },
  { excludeKeywords: ['services'], jobTitles: ['manager'] },
  { maxPerCompany: 1 },
  { maxPerCompany: 2, includeKeywords: ['software', 'care'], seniorities: ['Manager'] },
  { countryCodes: ['ca', 'GB'] },
  { countryCodes: ['US'], seniorities: ['No Such Level'] },
  { industryNames: ['Computer Software'], departments: ['Legal'], jobTitles: ['counsel'] },
];

describe('countLeads in one pass, against a per-contact reference', () => {
  const table = buildTable();

  it.each(QUERIES.map((query) => [JSON.stringify(query), query]))('%s', (_, query) => {
    const filters = normalizeFilters(query as RawFilterSet);
    const count = countLeads(table, filters);
    const nonFirmographic = new Set(QUERY_FILTERS.filter((filter) => !FIRMOGRAPHIC_FILTERS.includes(filter)));
    expect(count.total).toBe(referenceCount(filters));
    expect(count.firmographicTotal).toBe(referenceCount(filters, nonFirmographic, null));
    expect(scanLeads(table, compileLeadQuery(table, filters)).matched).toBe(count.total);
    if (filters.includeKeywords.length > 0) {
      const expected = Object.fromEntries(
        filters.includeKeywords.map((term) => [term, referenceCount({ ...filters, includeKeywords: [term] })]),
      );
      expect(count.keywords).toEqual(expected);
    } else {
      expect(count.keywords).toBeNull();
    }
    if (count.narrowedBy) {
      expect(count.narrowedBy.before).toBe(referenceCount(filters, new Set([count.narrowedBy.filter])));
      expect(count.total === 0 || count.total < count.firmographicTotal * 0.01).toBe(true);
    }
  });

  it.each(QUERIES.map((query) => [JSON.stringify(query), query]))(
    '%s: pages with revealed leads left out, as the reference',
    (_, query) => {
      const filters = normalizeFilters(query as RawFilterSet);
      const matching: number[] = [];
      const perCompany = new Map<string, number>();
      contacts.forEach((contact, index) => {
        if (!referenceMatches(contact, filters, new Set())) return;
        const used = perCompany.get(contact.companyDomain) ?? 0;
        if (filters.maxPerCompany !== null && used >= filters.maxPerCompany) return;
        perCompany.set(contact.companyDomain, used + 1);
        matching.push(index + 1);
      });
      const excluded = Float64Array.from(
        matching
          .filter((_, index) => index % 7 === 3)
          .concat([999_999])
          .sort((a, b) => a - b),
      );
      const available = matching.filter((seq) => !excluded.includes(seq));
      const compiled = compileLeadQuery(table, filters);
      for (const [offset, limit] of [
        [0, 25],
        [40, 100],
        [Math.max(0, available.length - 10), 25],
        [available.length + 5, 10],
      ]) {
        const scan = scanLeads(table, compiled, { excluded: revealedRowsOfSeqs(table, excluded), offset, limit });
        expect(scan).toMatchObject({ matched: matching.length, available: available.length, scanned: table.size });
        expect(scan.page).toEqual(available.slice(offset, offset + limit));
      }
    },
  );

  it('names the filter whose removal restores the most rows when a count collapses', () => {
    const count = countLeads(table, normalizeFilters({ countryCodes: ['US'], seniorities: ['No Such Level'] }));
    expect(count.total).toBe(0);
    expect(count.narrowedBy).toEqual({
      filter: 'seniorities',
      before: referenceCount(normalizeFilters({ countryCodes: ['US'] })),
      after: 0,
    });
  });

  it('uses every size bucket of the generator', () => {
    expect(new Set(contacts.map((contact) => contact.companySize))).toEqual(new Set(COMPANY_SIZE_BUCKETS));
  });
});

describe('sampled counts', () => {
  const big = buildTable([...generateContacts(60_000, 5)]);

  it.each([
    { jobTitles: ['manager'] },
    { seniorities: ['Director', 'VP'] },
    { includeKeywords: ['software', 'health'] },
    { excludeTitles: ['zzz'] },
  ])('estimates %j with a 95%% interval that holds the exact count', (raw) => {
    const filters = normalizeFilters(raw);
    const exact = countLeads(big, filters);
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const estimate = countLeads(big, filters, { sampleRows: 6000, random });
    expect(exact.basis).toBe('exact');
    expect(estimate.basis).toBe('sampled');
    expect(estimate.sample?.rows).toBe(6000);
    expect(estimate.sample!.low).toBeLessThanOrEqual(exact.total);
    expect(estimate.sample!.high).toBeGreaterThanOrEqual(exact.total);
    expect(Math.abs(estimate.total - exact.total)).toBeLessThanOrEqual(Math.max(50, exact.total * 0.1));
    for (const term of filters.includeKeywords) {
      expect(Math.abs(estimate.keywords![term] - exact.keywords![term])).toBeLessThanOrEqual(Math.max(50, exact.keywords![term] * 0.1));
    }
  });

  it('stays exact with a per-company cap, a sample as large as the table, or no filter at all (the count is the size)', () => {
    expect(countLeads(big, normalizeFilters({ maxPerCompany: 1 }), { sampleRows: 1000 }).basis).toBe('exact');
    expect(countLeads(big, normalizeFilters({}), { sampleRows: 1000 })).toMatchObject({ basis: 'exact', total: big.size });
    expect(countLeads(big, normalizeFilters({}), { sampleRows: big.size }).basis).toBe('exact');
  });
});
