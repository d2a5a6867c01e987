import { MAX_SCRAPE_INPUTS, ScrapeCreateRequest } from '@lead-engine/contracts';
import { DomainError, normalizeScrapeInputs, ScrapeTarget } from '@lead-engine/core';

/**
 * The sites a scrape request names, as the job will read them: unique normalized inputs in input order,
 * invalid ones included (they are reported, and refunded, as invalid). Throws TOO_MANY_DOMAINS or
 * DOMAINS_REQUIRED. Quoting and starting both go through here, so that a quote is the hold a start takes.
 */
export function scrapeTargetsOf(request: ScrapeCreateRequest): ScrapeTarget[] {
  const inputs = request.domains ?? [];
  if (inputs.length > MAX_SCRAPE_INPUTS) {
    throw new DomainError('TOO_MANY_DOMAINS', `A job takes at most ${MAX_SCRAPE_INPUTS} domains; this one has ${inputs.length}.`);
  }
  const targets = normalizeScrapeInputs(inputs);
  if (targets.length === 0) throw new DomainError('DOMAINS_REQUIRED', 'Give domains: 1 to 50000 domains, URLs or emails.');
  return targets;
}

/** What starting a scrape of these sites holds: 1 credit per site; those that cannot be read are refunded when it ends. */
export function scrapeHoldOf(targets: readonly ScrapeTarget[]): number {
  return targets.length;
}
