import { WORD_PATTERN } from '../text-matching';
import { grow } from './grow';
import { TextDictionary } from './text-dictionary';
import { WordIndex } from './word-index';

/** A longer copy, 32-bit once a word id needs it. */
function widened(entries: Uint16Array | Uint32Array, wordId: number): Uint16Array | Uint32Array {
  const length = Math.ceil(entries.length * 1.5);
  const next = wordId > 0xffff || entries instanceof Uint32Array ? new Uint32Array(length) : new Uint16Array(length);
  next.set(entries);
  return next;
}

/**
 * Collects the distinct words of each text as texts arrive (ids 0, 1, 2, …), then lays the postings out
 * word by word. Word ids are kept 16-bit while the vocabulary fits, which halves the interim list.
 */
export class WordIndexBuilder {
  private readonly wordIds = new Map<string, number>();
  private readonly words: string[] = [];
  /** The last text each word was seen in, so a word repeated within a text is listed once. */
  private lastText = new Int32Array(1024).fill(-1);
  private entries: Uint16Array | Uint32Array;
  private entryCount = 0;
  private textStarts: Uint32Array;
  private texts = 0;

  constructor(expected: { texts?: number } = {}) {
    const texts = Math.max(1024, expected.texts ?? 0);
    this.textStarts = new Uint32Array(texts + 1);
    this.entries = new Uint16Array(texts * 16);
  }

  /** `folded` must already be case-folded with `fold`; it becomes the next text id. */
  add(folded: string): void {
    const text = this.texts++;
    this.textStarts = grow(this.textStarts, this.texts + 1);
    this.textStarts[text] = this.entryCount;
    for (const word of folded.match(WORD_PATTERN) ?? []) {
      const id = this.idOf(word);
      if (this.lastText[id] === text) continue;
      this.lastText[id] = text;
      if (this.entryCount === this.entries.length || (id > 0xffff && this.entries instanceof Uint16Array)) {
        this.entries = widened(this.entries, id);
      }
      this.entries[this.entryCount++] = id;
    }
  }

  build(): WordIndex {
    this.textStarts[this.texts] = this.entryCount;
    const postingStarts = new Uint32Array(this.words.length + 1);
    for (let entry = 0; entry < this.entryCount; entry++) postingStarts[this.entries[entry] + 1]++;
    for (let word = 0; word < this.words.length; word++) postingStarts[word + 1] += postingStarts[word];
    const next = postingStarts.slice(0, this.words.length);
    const postings = new Uint32Array(this.entryCount);
    for (let text = 0; text < this.texts; text++) {
      const end = this.textStarts[text + 1];
      for (let entry = this.textStarts[text]; entry < end; entry++) postings[next[this.entries[entry]]++] = text;
    }
    return new WordIndex(TextDictionary.from(this.words), postingStarts, postings);
  }

  private idOf(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.wordIds.set(word, id);
      if (id >= this.lastText.length) {
        const known = this.lastText.length;
        this.lastText = grow(this.lastText, id + 1);
        this.lastText.fill(-1, known);
      }
    }
    return id;
  }
}
