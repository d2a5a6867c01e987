import type { NormalizedFiltersEcho } from '@lead-engine/contracts';
import type { NormalizedFilters } from '@lead-engine/core';

export function echoFilters(filters: NormalizedFilters): NormalizedFiltersEcho {
  const { companySizeBuckets: _buckets, ...echo } = filters;
  return echo;
}
