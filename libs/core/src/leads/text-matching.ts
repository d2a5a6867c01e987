import type { NormalizedFilters } from './normalize-filters';

/** A word: a maximal run of Unicode letters and digits (global: use with `match`). */
export const WORD_PATTERN = /[\p{L}\p{N}]+/gu;

export type TitleFilter = Pick<NormalizedFilters, 'jobTitles' | 'excludeTitles' | 'exactMatch'>;
export type KeywordFilter = Pick<NormalizedFilters, 'includeKeywords' | 'excludeKeywords' | 'exactMatch' | 'matchAny'>;

// NFC first, so a letter typed as base + combining mark stays one letter and compares equal to its composed form.
export function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** The words of a text, case-folded: maximal runs of Unicode letters and digits. */
export function tokenizeWords(text: string): string[] {
  return fold(text).match(WORD_PATTERN) ?? [];
}

/** Case-insensitive substring match on the raw text. An empty term matches nothing. */
export function containsSubstring(text: string, term: string): boolean {
  return term !== '' && fold(text).includes(fold(term));
}

/** Whole-word match: the term's words appear consecutively in the text. A term without words matches nothing. */
export function containsWholeWords(text: string, term: string): boolean {
  return containsWordRun(tokenizeWords(text), tokenizeWords(term));
}

function containsWordRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false;
  for (let start = 0; start + run.length <= words.length; start++) {
    let offset = 0;
    while (offset < run.length && words[start + offset] === run[offset]) offset++;
    if (offset === run.length) return true;
  }
  return false;
}

/** Prepares a text once so that many terms can be tested against it. */
function termMatcher(text: string | null | undefined, wholeWords: boolean): (term: string) => boolean {
  if (wholeWords) {
    const words = tokenizeWords(text ?? '');
    return (term) => containsWordRun(words, tokenizeWords(term));
  }
  const folded = fold(text ?? '');
  return (term) => term !== '' && folded.includes(fold(term));
}

/** Job titles are OR-ed; any exclude title drops the row; no job titles means no constraint. */
export function matchesTitleFilter(title: string | null | undefined, filters: TitleFilter): boolean {
  if (filters.jobTitles.length === 0 && filters.excludeTitles.length === 0) return true;
  const matches = termMatcher(title, filters.exactMatch);
  if (filters.jobTitles.length > 0 && !filters.jobTitles.some(matches)) return false;
  return !filters.excludeTitles.some(matches);
}

/** Include keywords are OR-ed when `matchAny`, AND-ed otherwise; any exclude keyword drops the row. */
export function matchesKeywordFilter(description: string | null | undefined, filters: KeywordFilter): boolean {
  if (filters.includeKeywords.length === 0 && filters.excludeKeywords.length === 0) return true;
  const matches = termMatcher(description, filters.exactMatch);
  const included = filters.matchAny ? filters.includeKeywords.some(matches) : filters.includeKeywords.every(matches);
  if (filters.includeKeywords.length > 0 && !included) return false;
  return !filters.excludeKeywords.some(matches);
}
