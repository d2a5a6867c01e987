import { editDistance } from './edit-distance';

/** Lower-case words without accents: `C-Suite` → [c, suite], `51 to 100` → [51, to, 100]. */
function wordsOf(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

interface Comparable {
  value: string;
  words: string[];
  /** The words run together: spaces, hyphens and punctuation are spelling, not meaning. */
  key: string;
}

const comparable = (value: string): Comparable => {
  const words = wordsOf(value);
  return { value, words, key: words.join('') };
};

/** Same first word, every word of one among the other's, or one key beginning the other: `C-Level`/`C-Suite`, `Software`/`Computer Software`, `USA`/`US`. */
function related(wanted: Comparable, candidate: Comparable): boolean {
  if (wanted.words[0] === candidate.words[0]) return true;
  const [fewer, more] = wanted.words.length <= candidate.words.length ? [wanted, candidate] : [candidate, wanted];
  if (fewer.words.every((word) => more.words.includes(word))) return true;
  const [shorter, longer] = wanted.key.length <= candidate.key.length ? [wanted.key, candidate.key] : [candidate.key, wanted.key];
  return shorter.length >= 2 && longer.startsWith(shorter);
}

/** Unrelated candidates are suggested only within a third of the shorter key's length in edits, so noise is left out. */
const mostEditsFor = (a: string, b: string) => Math.max(1, Math.floor(Math.min(a.length, b.length) / 3));

/**
 * The valid values closest to one that is not valid, closest first. A candidate equal to it once case,
 * accents, spaces and punctuation are set aside is the answer alone (`c suite` → `C-Suite`). Otherwise
 * candidates related to it (see `related`) come first, then the others close in edits; within each, by
 * edit distance between the keys, then by value. Empty when nothing is close.
 */
export function nearestValues(value: string, candidates: Iterable<string>, most = 3): string[] {
  const wanted = comparable(value);
  if (wanted.key === '') return [];
  const equal: string[] = [];
  const ranked: Array<{ value: string; tier: number; distance: number }> = [];
  for (const candidate of new Set(candidates)) {
    const other = comparable(candidate);
    if (other.key === '') continue;
    if (other.key === wanted.key) {
      equal.push(candidate);
      continue;
    }
    if (related(wanted, other)) {
      ranked.push({ value: candidate, tier: 0, distance: editDistance(wanted.key, other.key) });
      continue;
    }
    const mostEdits = mostEditsFor(wanted.key, other.key);
    const distance = editDistance(wanted.key, other.key, mostEdits);
    if (distance <= mostEdits) ranked.push({ value: candidate, tier: 1, distance });
  }
  const byValue = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  if (equal.length > 0) return equal.sort(byValue).slice(0, most);
  return ranked
    .sort((a, b) => a.tier - b.tier || a.distance - b.distance || byValue(a.value, b.value))
    .slice(0, most)
    .map((entry) => entry.value);
}
