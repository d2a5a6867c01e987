import type { ProspectFacts } from '@lead-engine/core';

const MAX_WEBSITE_CHARS = 6_000;

/** The facts as the models read them: only what is known, the website text trimmed to a budget. */
export function prospectBrief(facts: ProspectFacts): string {
  const known = Object.fromEntries(
    Object.entries({ ...facts, websiteText: facts.websiteText?.slice(0, MAX_WEBSITE_CHARS) ?? null }).filter(
      ([, value]) => value !== null && value !== '',
    ),
  );
  return JSON.stringify(known, null, 2);
}
