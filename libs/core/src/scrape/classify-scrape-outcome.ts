import type { ScrapeOutcome, ScrapeReason } from '@lead-engine/contracts';

/** What reading a site came to, before it is judged. */
export type ScrapeObservation =
  | { kind: 'not-a-host-name' }
  | { kind: 'no-dns-answer'; host: string }
  | { kind: 'refused-address'; host: string; address: string; range: string }
  | { kind: 'unreachable'; detail: string }
  | { kind: 'too-many-redirects' }
  | { kind: 'robots-disallowed'; url: string }
  | { kind: 'page-over-budget'; detail: string }
  | {
      kind: 'response';
      status: number;
      html: boolean;
      botWall: boolean;
      textChars: number;
      /** Why the page was given up before its end, when it cost more to read than a page may. */
      overBudget?: string | null;
    };

export interface ScrapeVerdict {
  outcome: ScrapeOutcome;
  /** Why it is not ok, as the API tells it; null when ok. */
  cause: ScrapeReason | null;
  /** The status the site answered, when that decided it (cause http_status). */
  httpStatus: number | null;
  /** The detail for operators, kept with the item: which address, which URL, which error. */
  reason: string;
}

const verdict = (outcome: ScrapeOutcome, cause: ScrapeReason | null, reason: string, httpStatus: number | null = null): ScrapeVerdict => ({
  outcome,
  cause,
  httpStatus,
  reason,
});

const BLOCKING_STATUSES = new Set([401, 403, 429, 451]);

/** Contract §5: ok (readable text), blocked (401/403/429/451, robots, bot wall), no_content, invalid. */
export function classifyScrapeOutcome(observation: ScrapeObservation): ScrapeVerdict {
  switch (observation.kind) {
    case 'not-a-host-name':
      return verdict('invalid', 'not_a_host', 'not a host name');
    case 'no-dns-answer':
      return verdict('invalid', 'no_dns', `no DNS answer for ${observation.host}`);
    case 'refused-address':
      return verdict(
        'invalid',
        'private_address',
        `${observation.host} is ${observation.address} (${observation.range}), a refused address`,
      );
    case 'unreachable':
      return verdict('no_content', 'unreachable', `unreachable: ${observation.detail}`);
    case 'too-many-redirects':
      return verdict('no_content', 'too_many_redirects', 'more than 5 redirects');
    case 'page-over-budget':
      return verdict('no_content', 'page_over_budget', `page not read: ${observation.detail}`);
    case 'robots-disallowed':
      return verdict('blocked', 'robots', `robots.txt disallows ${observation.url}`);
    case 'response': {
      const { status } = observation;
      if (BLOCKING_STATUSES.has(status)) return verdict('blocked', 'http_status', `HTTP ${status}`, status);
      if (observation.botWall) return verdict('blocked', 'bot_wall', 'bot wall');
      if (status < 200 || status >= 300) return verdict('no_content', 'http_status', `HTTP ${status}`, status);
      if (!observation.html) return verdict('no_content', 'not_html', 'not HTML');
      if (observation.overBudget) return verdict('no_content', 'page_over_budget', `page not read: ${observation.overBudget}`);
      if (observation.textChars === 0) return verdict('no_content', 'no_text', 'no readable text');
      return verdict('ok', null, 'readable text');
    }
  }
}
