import type { ScrapeOutcome } from '@lead-engine/contracts';

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
  reason: string;
}

const BLOCKING_STATUSES = new Set([401, 403, 429, 451]);

/** Contract §5: ok (readable text), blocked (401/403/429/451, robots, bot wall), no_content, invalid. */
export function classifyScrapeOutcome(observation: ScrapeObservation): ScrapeVerdict {
  switch (observation.kind) {
    case 'not-a-host-name':
      return { outcome: 'invalid', reason: 'not a host name' };
    case 'no-dns-answer':
      return { outcome: 'invalid', reason: `no DNS answer for ${observation.host}` };
    case 'refused-address':
      return {
        outcome: 'invalid',
        reason: `${observation.host} is ${observation.address} (${observation.range}), a refused address`,
      };
    case 'unreachable':
      return { outcome: 'no_content', reason: `unreachable: ${observation.detail}` };
    case 'too-many-redirects':
      return { outcome: 'no_content', reason: 'more than 5 redirects' };
    case 'page-over-budget':
      return { outcome: 'no_content', reason: `page not read: ${observation.detail}` };
    case 'robots-disallowed':
      return { outcome: 'blocked', reason: `robots.txt disallows ${observation.url}` };
    case 'response': {
      const { status } = observation;
      if (BLOCKING_STATUSES.has(status)) return { outcome: 'blocked', reason: `HTTP ${status}` };
      if (observation.botWall) return { outcome: 'blocked', reason: 'bot wall' };
      if (status < 200 || status >= 300) return { outcome: 'no_content', reason: `HTTP ${status}` };
      if (!observation.html) return { outcome: 'no_content', reason: 'not HTML' };
      if (observation.overBudget) return { outcome: 'no_content', reason: `page not read: ${observation.overBudget}` };
      if (observation.textChars === 0) return { outcome: 'no_content', reason: 'no readable text' };
      return { outcome: 'ok', reason: 'readable text' };
    }
  }
}
