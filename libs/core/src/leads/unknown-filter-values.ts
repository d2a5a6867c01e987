import { nearestValues } from '../text/nearest-values';
import type { NormalizedFilters } from './normalize-filters';

/** The filters whose values form a known set, named as in the echoed filters; companyType refuses unknown values instead. */
export const ENUMERABLE_FILTERS = ['industryNames', 'seniorities', 'countryCodes', 'companySizes', 'revenues', 'departments'] as const;
export type EnumerableFilter = (typeof ENUMERABLE_FILTERS)[number];

/** What each enumerable filter's values can be. */
export interface FilterVocabulary {
  /** Whether the value is valid: the filter defines it or the data holds it. Called once per filter value. */
  has(filter: EnumerableFilter, value: string): boolean;
  /** Every valid value, to suggest from; asked only for a filter with an unknown value. */
  values(filter: EnumerableFilter): Iterable<string>;
}

export interface UnknownFilterValue {
  value: string;
  nearest: string[];
}
export type UnknownFilterValues = Partial<Record<EnumerableFilter, UnknownFilterValue[]>>;

/**
 * The values of the enumerable filters that the vocabulary does not hold, each with the nearest valid
 * values; null when every value is valid, found with one lookup per value. Reports only: an unknown
 * value still matches nothing.
 */
export function unknownFilterValues(filters: NormalizedFilters, vocabulary: FilterVocabulary): UnknownFilterValues | null {
  let unknown: UnknownFilterValues | null = null;
  for (const filter of ENUMERABLE_FILTERS) {
    let valid: string[] | null = null;
    for (const value of filters[filter]) {
      if (vocabulary.has(filter, value)) continue;
      valid ??= [...vocabulary.values(filter)];
      unknown ??= {};
      (unknown[filter] ??= []).push({ value, nearest: nearestValues(value, valid) });
    }
  }
  return unknown;
}
