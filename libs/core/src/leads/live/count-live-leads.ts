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
  once,
  LeadCount,
  PassCounts,
  sampledCounts,
} from '../query/count-leads';
import { activeFilters, compileCompanyFails, compileLeadQuery } from '../query/lead-query';
import { countInAll, RowBitmap, rowsInAll } from '../query/row-bitmap';
import { cappedLiveMatchCount } from './scan-live-leads';
import { baseSize, LiveLeadTable, singleTable } from './live-lead-table';
import { liveParts, newestPart } from './live-parts';

/**
 * countLeads over a live table, as over the one table of its current contacts: each count is the sum
 * of each table's current rows', and a count under a per-company cap walks them all in seq order with
 * one quota per company. A sampled count samples each segment in proportion to its rows and adds the
 * deltas exactly.
 */
export function countLiveLeads(live: LiveLeadTable, filters: NormalizedFilters, options: CountOptions = {}): LeadCount {
  const single = singleTable(live);
  if (single !== null) return countLeads(single, filters, options);
  const parts = liveParts(live);
  const used = activeFilters(filters);
  const companyFails = compileCompanyFails(newestPart(parts).table, filters);
  const queries = parts.map((part) => compileLeadQuery(part.table, filters, companyFails));
  // The segments' bitmaps are what a sampled count avoids building, so each part's are built only when counted exactly.
  const termCompanies = once(() => includeTermCompanies(newestPart(parts).table, filters));
  const talliesOf = (index: number) =>
    countTallies(used, ...filterAndTermRows(parts[index].table, filters, queries[index], used, termCompanies));
  const sampleRows = options.sampleRows ?? null;
  const segmentRows = baseSize(live);
  if (filters.maxPerCompany === null && used.length > 0 && sampleRows !== null && sampleRows > 0 && sampleRows < segmentRows) {
    const segments = live.segments.length;
    const sampled = live.segments
      .map((segment, index) => {
        if (segment.table.size === 0) return null;
        const rows = Math.max(1, Math.round((sampleRows * segment.table.size) / segmentRows));
        const segmentLive = segment.live === null ? null : { rows: segment.live, size: segment.liveCount };
        return sampledCounts(segment.table, queries[index], used, termCompanies(), options.random ?? Math.random, rows, segmentLive);
      })
      .filter((result) => result !== null);
    const exact = parts
      .slice(segments)
      .map((part, index) => countEach(talliesOf(segments + index), (rows) => countInAll([...rows, part.live], part.table.size)));
    const counts = [...sampled.map((result) => result.counts), ...exact].reduce(addCounts);
    const exactTotal = exact.reduce((sum, { total }) => sum + total, 0);
    return describeCount(filters, used, counts, {
      rows: sampled.reduce((sum, { sample }) => sum + sample.rows, 0),
      low: sampled.reduce((sum, { sample }) => sum + sample.low, exactTotal),
      high: sampled.reduce((sum, { sample }) => sum + sample.high, exactTotal),
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
