import { TextDictionary } from './text-dictionary';
import { chargeTextSearch } from './text-search-budget';

export interface PackedWordIndex {
  vocabulary: TextDictionary['packed'];
  postingStarts: Uint32Array;
  postings: Uint32Array;
}

/**
 * For every distinct word of a set of texts, the ids of the texts that hold it, ascending. A term made
 * only of word characters occurs in a text exactly when one of the text's words contains it, so such
 * a term is found by searching the vocabulary (thousands of words) instead of every text (hundreds of
 * megabytes at millions of companies); a whole word is one posting list.
 */
export class WordIndex {
  constructor(
    readonly vocabulary: TextDictionary,
    /** postingStarts[word] is where the word's texts begin in `postings`; one more entry than words. */
    private readonly postingStarts: Uint32Array,
    private readonly postings: Uint32Array,
  ) {}

  static fromPacked(packed: PackedWordIndex): WordIndex {
    return new WordIndex(TextDictionary.fromPacked(packed.vocabulary), packed.postingStarts, packed.postings);
  }

  get packed(): PackedWordIndex {
    return { vocabulary: this.vocabulary.packed, postingStarts: this.postingStarts, postings: this.postings };
  }

  get bytes(): number {
    return this.vocabulary.bytes + this.postingStarts.byteLength + this.postings.byteLength;
  }

  /** Ids of the texts holding `word` (folded, one word), ascending. */
  textsWith(word: string): Uint32Array {
    const id = this.vocabulary.idOf(word);
    return id === -1 ? new Uint32Array(0) : this.postings.subarray(this.postingStarts[id], this.postingStarts[id + 1]);
  }

  /** Sets result[text] to 1 for every text with a word that contains `fragment` (folded, word characters only). */
  markTextsWithWordContaining(fragment: string, result: Uint8Array): void {
    const words = this.vocabulary.containing(fragment);
    for (let word = 0; word < words.length; word++) {
      if (words[word] === 0) continue;
      const end = this.postingStarts[word + 1];
      chargeTextSearch((end - this.postingStarts[word]) * Uint32Array.BYTES_PER_ELEMENT);
      for (let at = this.postingStarts[word]; at < end; at++) result[this.postings[at]] = 1;
    }
  }
}
