import type { ScrapeResultItem } from '@lead-engine/contracts';
import type { ResultRow } from './scrape-jobs.repository';

export function toScrapeResultItem(row: ResultRow): ScrapeResultItem {
  const text = row.outcome === 'ok' ? (row.text ?? '') : '';
  return {
    domain: row.domain,
    status: row.outcome,
    reason: row.outcome === 'ok' ? null : row.cause,
    http_status: row.outcome === 'ok' ? null : row.httpStatus,
    text,
    chars: [...text].length,
    cached: row.cached,
  };
}
