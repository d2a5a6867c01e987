import type { NormalizedFilters } from '../normalize-filters';
import {
  countEach,
  countLeads,
  CountOptions,
  countTallies,
  CountTallies,
  describeCount,
  filterAndTermRows,
  includeTermCompanies,
  LeadCount,
  PassCounts,
  sampledCounts,
} from '../query/count-leads';
import { activeFilters, compileCompanyFails, compileLeadQuery } from '../query/lead-query';
import { countInAll, RowBitmap, rowsInAll } from '../query/row-bitmap';
import { cappedLiveMatchCount } from './scan-live-leads';
import { LiveLeadTable } from './live-lead-table';
import { liveParts, newestPart } from './live-parts';

/**
 * countLeads over a live table, as over the one table of its current contacts: each count is the sum
 * of each table's current rows', and a count under a per-company cap walks them all in seq order with
 * one quota per company. A sampled count samples the base and adds the deltas exactly.
 */
export function countLiveLeads(live: LiveLeadTable, filters: NormalizedFilters, options: CountOptions = {}): LeadCount {
  if (live.deltas.length === 0 && live.baseLive === null) return countLeads(live.base, filters, options);
  const parts = liveParts(live);
  const used = activeFilters(filters);
  const companyFails = compileCompanyFails(newestPart(parts).table, filters);
  const queries = parts.map((part) => compileLeadQuery(part.table, filters, companyFails));
  // The base's bitmaps are what a sampled count avoids building, so each part's are built only when counted exactly.
  const talliesOf = (index: number) => countTallies(used, ...filterAndTermRows(parts[index].table, filters, queries[index], used));
  const sampleRows = options.sampleRows ?? null;
  const [base, ...rest] = parts;
  if (filters.maxPerCompany === null && sampleRows !== null && sampleRows > 0 && sampleRows < base.table.size) {
    const baseLive = base.live === null ? null : { rows: base.live, size: base.liveCount };
    const sampled = sampledCounts(
      base.table,
      queries[0],
      used,
      includeTermCompanies(base.table, filters),
      options.random ?? Math.random,
      sampleRows,
      baseLive,
    );
    const exact = rest.map((part, index) => countEach(talliesOf(index + 1), (rows) => countInAll([...rows, part.live], part.table.size)));
    const counts = exact.reduce(addCounts, sampled.counts);
    const deltaTotal = exact.reduce((sum, { total }) => sum + total, 0);
    return describeCount(filters, used, counts, {
      rows: sampled.sample.rows,
      low: sampled.sample.low + deltaTotal,
      high: sampled.sample.high + deltaTotal,
    });
  }
  const count = (perPart: Array<Array<RowBitmap | null>>, capped: boolean) => {
    if (capped && filters.maxPerCompany !== null) {
      const matches = perPart.map((rows, index) => rowsInAll([...rows, parts[index].live], parts[index].table.size));
      return cappedLiveMatchCount(parts, matches, filters.maxPerCompany);
    }
    return perPart.reduce((sum, rows, index) => sum + countInAll([...rows, parts[index].live], parts[index].table.size), 0);
  };
  return describeCount(filters, used, countEach(zipTallies(parts.map((_, index) => talliesOf(index))), count), null);
}

/** One tally per count whose rows are each part's rows for it. */
function zipTallies(perPart: CountTallies[]): CountTallies<Array<Array<RowBitmap | null>>> {
  return {
    total: perPart.map((tallies) => tallies.total),
    firmographic: perPart.map((tallies) => tallies.firmographic),
    withoutFilter: perPart[0].withoutFilter.map((_, index) => perPart.map((tallies) => tallies.withoutFilter[index])),
    perTerm: perPart[0].perTerm.map((_, index) => perPart.map((tallies) => tallies.perTerm[index])),
  };
}

function addCounts(left: PassCounts, right: PassCounts): PassCounts {
  return {
    total: left.total + right.total,
    firmographicTotal: left.firmographicTotal + right.firmographicTotal,
    withoutFilter: left.withoutFilter.map((value, index) => value + right.withoutFilter[index]),
    perTerm: left.perTerm.map((value, index) => value + right.perTerm[index]),
  };
}
