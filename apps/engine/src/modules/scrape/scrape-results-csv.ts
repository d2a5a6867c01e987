import { SCRAPE_RESULTS_CSV_COLUMNS, ScrapeResultItem } from '@lead-engine/contracts';
import { csvRecords, neutralizeFormula, scrapeReasonWords } from '@lead-engine/core';

export function scrapeResultsCsvHeader(): Buffer {
  return Buffer.from(csvRecords([SCRAPE_RESULTS_CSV_COLUMNS]), 'utf8');
}

/** One row per site; a site's text is anyone's words, so every cell is neutralized as in exports. */
export function scrapeResultsCsvRows(items: readonly ScrapeResultItem[]): Buffer {
  const records = items.map((item) =>
    [
      item.domain,
      item.status,
      scrapeReasonWords(item.reason, item.http_status),
      item.cached ? 'yes' : 'no',
      String(item.chars),
      item.text,
    ].map(neutralizeFormula),
  );
  return Buffer.from(csvRecords(records), 'utf8');
}
