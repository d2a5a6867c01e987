/**
 * Reorders items so that items of the same site are spread out: first every site's first item, then
 * every site's second, and so on, each round in the original order. Reads then rarely wait on the
 * per-site politeness gate while other sites are waiting to be read.
 */
export function interleaveBySite<T>(items: readonly T[], siteOf: (item: T) => string): T[] {
  const seen = new Map<string, number>();
  const ranked = items.map((item, index) => {
    const site = siteOf(item);
    const rank = seen.get(site) ?? 0;
    seen.set(site, rank + 1);
    return { item, rank, index };
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.item);
}
