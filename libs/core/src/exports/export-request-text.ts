import type { NormalizedFilters } from '../leads/normalize-filters';
import { canonicalJson } from '../text/canonical-json';

/**
 * What an export request asks for, in one canonical string: the same filters in any key or list order
 * and the same delivery limit give the same text, so a quote and the export it starts can be compared.
 */
export function exportRequestText(filters: NormalizedFilters, deliveryLimit: number): string {
  const unordered = Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value]),
  );
  return canonicalJson({ filters: unordered, deliveryLimit });
}
