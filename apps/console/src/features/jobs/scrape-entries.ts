/** At most this many domains, URLs or emails in one scrape (the engine's MAX_SCRAPE_INPUTS, TOO_MANY_DOMAINS beyond). */
export const MAX_SCRAPE_ENTRIES = 50_000;

export interface ScrapeEntries {
  /** What is sent, in order: every word that looks like a domain, a URL or an email. */
  entries: string[];
  /** Words left out: column names, people's names, anything that names no site. */
  skipped: number;
}

const URL_WITH_SCHEME = /^https?:\/\/[^\s/?#@]*@?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]\S*)?$/iu;
const EMAIL = /^[^\s@]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]+$/iu;
const DOMAIN = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]+(:\d+)?([/?#]\S*)?$/iu;
/** Cells of a CSV or words of a paste: split on line breaks, commas, semicolons, tabs and spaces. */
const SEPARATORS = /[\s,;]+/u;
/** Quotes, brackets and trailing punctuation around a word ("<ana@site.com>", "site.com."). */
const WRAPPING = /^["'<([{]+|["'>)\]}.:!?]+$/gu;

/**
 * The domains, URLs and emails in pasted text or a .txt/.csv file: every cell or word that looks like one,
 * as written (the engine normalizes them and counts each site once). Kept simple: a URL whose cell holds a
 * comma or a space is cut there, and a word that is not a site is left out rather than sent and refunded.
 */
export function scrapeEntriesOf(text: string): ScrapeEntries {
  const entries: string[] = [];
  let skipped = 0;
  for (const word of text.split(SEPARATORS)) {
    const cell = word.replace(WRAPPING, '');
    if (cell === '') continue;
    if (looksLikeSite(cell)) entries.push(cell);
    else skipped += 1;
  }
  return { entries, skipped };
}

function looksLikeSite(cell: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(cell)) return URL_WITH_SCHEME.test(cell);
  if (cell.includes('@')) return EMAIL.test(cell.replace(/^mailto:/i, ''));
  return DOMAIN.test(cell);
}

const number = new Intl.NumberFormat('en-US');

/** "3 entries", "1 entry", "312 entries from sites.csv". */
export function entriesWords(count: number, file?: string): string {
  return `${number.format(count)} ${count === 1 ? 'entry' : 'entries'}${file ? ` from ${file}` : ''}`;
}
