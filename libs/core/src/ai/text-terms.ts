const WORD = /[\p{L}\p{N}]+(?:[&'][\p{L}\p{N}]+)*/gu;

/** A crude singular form, applied alike to vocabularies and texts so that `CTOs` meets `cto` and `companies` meets `company`. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 2 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Lower-case stemmed words of a text. */
export function termWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return (text.normalize('NFC').toLowerCase().match(WORD) ?? []).map(stem);
}

/** A text prepared once for many phrase lookups. */
export class TermIndex {
  private readonly positions = new Map<string, number[]>();
  readonly words: readonly string[];

  constructor(text: string | null | undefined) {
    this.words = termWords(text);
    this.words.forEach((word, index) => {
      const list = this.positions.get(word);
      if (list) list.push(index);
      else this.positions.set(word, [index]);
    });
  }

  /** Whether the phrase's words appear consecutively. */
  has(phrase: string | readonly string[]): boolean {
    const run = typeof phrase === 'string' ? termWords(phrase) : phrase;
    if (run.length === 0) return false;
    for (const start of this.positions.get(run[0]) ?? []) {
      let offset = 1;
      while (offset < run.length && this.words[start + offset] === run[offset]) offset++;
      if (offset === run.length) return true;
    }
    return false;
  }

  /** How many of the phrases appear. */
  count(phrases: readonly string[]): number {
    return phrases.reduce((total, phrase) => total + (this.has(phrase) ? 1 : 0), 0);
  }
}
