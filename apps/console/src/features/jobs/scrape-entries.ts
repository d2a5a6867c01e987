/** At most this many domains, URLs or emails in one scrape (the engine's MAX_SCRAPE_INPUTS, TOO_MANY_DOMAINS beyond). */
export const MAX_SCRAPE_ENTRIES = 50_000;

export interface ScrapeEntries {
  /** What is sent, in order: every word that looks like a domain, a URL or an email. */
  entries: string[];
  /** Words left out: column names, people's names, anything that names no site. */
  skipped: number;
  /** Entries that name a port, which the engine drops (sites are read on the standard ports). */
  withPort: string[];
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
  const withPort: string[] = [];
  let skipped = 0;
  for (const word of text.split(SEPARATORS)) {
    const cell = word.replace(WRAPPING, '');
    if (cell === '') continue;
    if (!looksLikeSite(cell)) skipped += 1;
    else {
      entries.push(cell);
      if (namesPort(cell)) withPort.push(cell);
    }
  }
  return { entries, skipped, withPort };
}

/** A port other than the scheme's own: https://site.com:443 names none. */
function namesPort(cell: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(cell)) return URL.canParse(cell) && new URL(cell).port !== '';
  return /^[^/?#@:]+:\d+/.test(cell);
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

/** "2 entries had a port (example.com:8080): …", before the price is checked, so that nobody pays for a port they will not get. */
export function droppedPortWords(withPort: readonly string[]): string | null {
  if (withPort.length === 0) return null;
  const example = withPort[0].length > 60 ? `${withPort[0].slice(0, 59)}…` : withPort[0];
  const had = withPort.length === 1 ? '1 entry had a port' : `${number.format(withPort.length)} entries had a port`;
  return `${had} (${example}): sites are read on the standard ports, so the port is dropped.`;
}

/** "; 1 word that names no site left out", "; 3 words that name no site left out". */
export function skippedWords(skipped: number): string {
  if (skipped === 0) return '';
  return `; ${number.format(skipped)} ${skipped === 1 ? 'word that names' : 'words that name'} no site left out`;
}
