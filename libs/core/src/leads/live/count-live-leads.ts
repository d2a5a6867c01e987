import type { NormalizedFilters } from '../normalize-filters';
import {
  countEach,
  countLeads,
  CountOptions,
  countTallies,
  CountTallies,
  describeCount,
  filterRowsOf,
  LeadCount,
  PassCounts,
  rowsInAllOrNull,
  sampledCounts,
} from '../query/count-leads';
import { addCompanyRows, keywordCounts } from '../query/keyword-counts';
import { activeFilters, compileCompanyFails, compileLeadQuery } from '../query/lead-query';
import { countInAll, RowBitmap, rowsInAll } from '../indexes/row-bitmap';
import { cappedMatchCount } from '../query/scan-leads';
import { baseSize, LiveLeadTable, singleTable } from './live-lead-table';
import { companyKeySpace, liveParts, LivePart, newestPart } from './live-parts';

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
  const talliesOf = (index: number) => countTallies(used, filterRowsOf(parts[index].table, queries[index], used));
  const keywordsOf = (counted: Array<{ part: LivePart; tallies: CountTallies }>) => () => {
    if (filters.includeKeywords.length === 0) return [];
    const companyRows = new Uint32Array(companyKeySpace(parts));
    for (const { part, tallies } of counted) {
      addCompanyRows(companyRows, part.table, rowsInAllOrNull([...tallies.keywordBase, part.live], part.table.size));
    }
    return keywordCounts(newestPart(parts).table, companyRows, filters);
  };
  const sampleRows = options.sampleRows ?? null;
  const segmentRows = baseSize(live);
  if (filters.maxPerCompany === null && used.length > 0 && sampleRows !== null && sampleRows > 0 && sampleRows < segmentRows) {
    const segments = live.segments.length;
    const sampled = live.segments
      .map((segment, index) => {
        if (segment.table.size === 0) return null;
        const rows = Math.max(1, Math.round((sampleRows * segment.table.size) / segmentRows));
        const segmentLive = segment.live === null ? null : { rows: segment.live, size: segment.liveCount };
        return sampledCounts(segment.table, queries[index], used, filters, options.random ?? Math.random, rows, segmentLive);
      })
      .filter((result) => result !== null);
    const exact = parts.slice(segments).map((part, index) => {
      const tallies = talliesOf(segments + index);
      return countEach(tallies, (rows) => countInAll([...rows, part.live], part.table.size), keywordsOf([{ part, tallies }]));
    });
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
      return cappedMatchCount(
        parts.map((part) => part.table),
        matches,
        filters.maxPerCompany,
      );
    }
    return perPart.reduce((sum, rows, index) => sum + countInAll([...rows, parts[index].live], parts[index].table.size), 0);
  };
  const perPart = parts.map((part, index) => ({ part, tallies: talliesOf(index) }));
  const zipped = zipTallies(perPart.map(({ tallies }) => tallies));
  return describeCount(filters, used, countEach(zipped, count, keywordsOf(perPart)), null);
}

/** One tally per count whose rows are each part's rows for it. */
function zipTallies(perPart: CountTallies[]): CountTallies<Array<Array<RowBitmap | null>>> {
  return {
    total: perPart.map((tallies) => tallies.total),
    firmographic: perPart.map((tallies) => tallies.firmographic),
    withoutFilter: perPart[0].withoutFilter.map((_, index) => perPart.map((tallies) => tallies.withoutFilter[index])),
    keywordBase: perPart.map((tallies) => tallies.keywordBase),
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
