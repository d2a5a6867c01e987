import { containsWholeWords, fold, tokenizeWords, WORD_PATTERN } from '../text-matching';
import { indexInAscending } from './sorted-search';
import { chargeTextSearch } from './text-search-budget';
import { cacheEntryBytes } from './cache-entry-bytes';
import type { WordIndex } from './word-index';

export const TEXT_SEPARATOR = 0;
const SEPARATOR = TEXT_SEPARATOR;
const MATCH_CACHE_BYTES = 64 * 1024 * 1024;

function isAsciiWordByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
}

/**
 * Distinct case-folded texts (job titles, company descriptions) packed into one UTF-8 buffer, so a
 * term is found by a native search over the whole buffer instead of one string test per text, and
 * the texts cost one byte per character outside the JavaScript heap. With a word index, a term is
 * found through the words that contain it instead, and only confirmed in the texts it points to.
 * Results per term are cached within a byte budget.
 */
export class TextDictionary {
  private readonly cache = new Map<string, Uint8Array>();
  private cachedBytes = 0;

  /** `text` holds each text followed by a 0 byte; use `TextDictionary.from` or a `TextDictionaryBuilder`. */
  constructor(
    private readonly text: Buffer,
    /** starts[id] is where text id begins; starts[size] is one past the last separator. */
    private readonly starts: Uint32Array,
    /** The words of these texts, when built with them. */
    readonly words: WordIndex | null = null,
  ) {}

  /** `folded` must already be case-folded with `fold`. */
  static from(folded: readonly string[]): TextDictionary {
    const starts = new Uint32Array(folded.length + 1);
    let length = 0;
    for (let id = 0; id < folded.length; id++) {
      starts[id] = length;
      length += Buffer.byteLength(folded[id]) + 1;
    }
    starts[folded.length] = length;
    const text = Buffer.allocUnsafeSlow(length);
    for (let id = 0; id < folded.length; id++) {
      const end = starts[id] + text.write(folded[id], starts[id]);
      text[end] = SEPARATOR;
    }
    return new TextDictionary(text, starts);
  }

  /** The packed texts, for handing the dictionary to another thread. */
  get packed(): { text: Uint8Array; starts: Uint32Array } {
    return { text: this.text, starts: this.starts };
  }

  static fromPacked(packed: { text: Uint8Array; starts: Uint32Array }, words: WordIndex | null = null): TextDictionary {
    return new TextDictionary(Buffer.from(packed.text.buffer, packed.text.byteOffset, packed.text.byteLength), packed.starts, words);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  get bytes(): number {
    return this.text.length + this.starts.byteLength + (this.words?.bytes ?? 0);
  }

  value(id: number): string {
    return this.text.toString('utf8', this.starts[id], this.starts[id + 1] - 1);
  }

  /** 1 for every text containing the term: as a substring, or as whole words when `wholeWords`. */
  matching(term: string, wholeWords: boolean): Uint8Array {
    const key = `${wholeWords ? 'w' : 's'}:${term}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const result = wholeWords ? this.findWholeWords(term) : this.findSubstring(fold(term));
    this.remember(key, result);
    return result;
  }

  /** 1 for every text containing `folded` (already case-folded), uncached. */
  containing(folded: string): Uint8Array {
    return this.findSubstring(folded);
  }

  /** The id of the text equal to `folded` (already case-folded), or -1. */
  idOf(folded: string): number {
    chargeTextSearch(this.text.length);
    const needle = Buffer.from(`${folded}\0`);
    for (let at = this.text.indexOf(needle); at !== -1; at = this.text.indexOf(needle, at + 1)) {
      if (at === 0 || this.text[at - 1] === SEPARATOR) return this.idAt(at);
    }
    return -1;
  }

  private findSubstring(folded: string): Uint8Array {
    const result = new Uint8Array(this.size);
    const needle = Buffer.from(folded);
    if (needle.length === 0 || needle.includes(SEPARATOR)) return result;
    const pieces = this.words === null ? null : folded.match(WORD_PATTERN);
    if (this.words !== null && pieces !== null) return this.findSubstringThroughWords(this.words, folded, pieces, needle, result);
    chargeTextSearch(this.text.length);
    for (let at = this.text.indexOf(needle); at !== -1;) {
      const id = this.idAt(at);
      result[id] = 1;
      at = this.text.indexOf(needle, this.starts[id + 1]);
    }
    return result;
  }

  /**
   * Each word run of the term lies inside a word of any text that contains the term, so the texts with
   * a word containing its longest run are all the candidates; they are confirmed unless the term is that run.
   */
  private findSubstringThroughWords(words: WordIndex, folded: string, pieces: string[], needle: Buffer, result: Uint8Array): Uint8Array {
    const longest = pieces.reduce((found, piece) => (piece.length > found.length ? piece : found));
    words.markTextsWithWordContaining(longest, result);
    if (longest === folded) return result;
    for (let id = 0; id < result.length; id++) {
      if (result[id] === 1) chargeTextSearch(this.starts[id + 1] - this.starts[id]);
      if (result[id] === 1 && this.text.subarray(this.starts[id], this.starts[id + 1] - 1).indexOf(needle) === -1) result[id] = 0;
    }
    return result;
  }

  /**
   * Finds the term's first word on word boundaries, then confirms the whole term with the reference
   * matcher only where it has more words or a boundary is a non-ASCII character.
   */
  private findWholeWords(term: string): Uint8Array {
    const result = new Uint8Array(this.size);
    const words = tokenizeWords(term);
    if (words.length === 0) return result;
    if (this.words !== null) return this.findWholeWordsThroughIndex(this.words, term, words, result);
    chargeTextSearch(this.text.length);
    const needle = Buffer.from(words[0]);
    for (let at = this.text.indexOf(needle); at !== -1;) {
      const id = this.idAt(at);
      const before = at === this.starts[id] ? SEPARATOR : this.text[at - 1];
      const after = this.text[at + needle.length];
      if (isAsciiWordByte(before) || isAsciiWordByte(after)) {
        at = this.text.indexOf(needle, at + 1);
        continue;
      }
      const simple = words.length === 1 && before < 0x80 && after < 0x80;
      if (simple || containsWholeWords(this.value(id), term)) result[id] = 1;
      at = this.text.indexOf(needle, this.starts[id + 1]);
    }
    return result;
  }

  /** Texts holding every word of the term; confirmed word by word unless the term is one word. */
  private findWholeWordsThroughIndex(index: WordIndex, term: string, words: string[], result: Uint8Array): Uint8Array {
    const lists = words.map((word) => index.textsWith(word));
    const shortest = lists.reduce((found, list) => (list.length < found.length ? list : found));
    chargeTextSearch(shortest.byteLength);
    for (const id of shortest) {
      if (words.length === 1) result[id] = 1;
      else if (lists.every((list) => list === shortest || indexInAscending(list, id) !== -1)) {
        chargeTextSearch(this.starts[id + 1] - this.starts[id]);
        if (containsWholeWords(this.value(id), term)) result[id] = 1;
      }
    }
    return result;
  }

  private idAt(offset: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private remember(key: string, result: Uint8Array): void {
    const size = cacheEntryBytes(key, result.byteLength);
    if (size > MATCH_CACHE_BYTES) return;
    while (this.cachedBytes + size > MATCH_CACHE_BYTES) {
      const [oldestKey, oldest] = this.cache.entries().next().value as [string, Uint8Array];
      this.cache.delete(oldestKey);
      this.cachedBytes -= cacheEntryBytes(oldestKey, oldest.byteLength);
    }
    this.cache.set(key, result);
    this.cachedBytes += size;
  }
}
