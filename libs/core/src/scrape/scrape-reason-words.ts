import type { ScrapeReason } from '@lead-engine/contracts';

const WORDS: Record<Exclude<ScrapeReason, 'http_status'>, string> = {
  not_a_host: 'not a host name',
  no_dns: 'no DNS answer: the name does not exist or has no address',
  private_address: 'the address is in a private network, which this server refuses to read',
  unreachable: 'could not connect, or no answer in time',
  too_many_redirects: 'more than 5 redirects',
  robots: 'the site’s robots.txt asks robots not to read it',
  bot_wall: 'a bot check stood in the way',
  not_html: 'the page is not HTML',
  no_text: 'the page has no readable text',
  page_over_budget: 'the page was too large or too slow to read',
  not_storable: 'the text could not be stored',
};

/** A result's reason in words, for the app and the CSV: "the site answered 403"; empty for none (ok, or read before reasons were kept). */
export function scrapeReasonWords(reason: ScrapeReason | null, httpStatus: number | null): string {
  if (reason === null) return '';
  if (reason === 'http_status') return httpStatus === null ? 'the site answered an error status' : `the site answered ${httpStatus}`;
  return WORDS[reason];
}
