import { grow } from './grow';
import { TEXT_SEPARATOR, TextDictionary } from './text-dictionary';
import { WordIndexBuilder } from './word-index-builder';

/**
 * Packs texts into a TextDictionary as they arrive, so millions of company descriptions never live
 * as JavaScript strings at once. Texts are not deduplicated: a repeated text only costs its bytes.
 */
export class TextDictionaryBuilder {
  private text: Buffer;
  private starts: Uint32Array;
  private length = 0;
  private count = 0;
  private readonly words: WordIndexBuilder | null;

  /** Good guesses of the final sizes spare the copies made when the buffers grow; `indexWords` builds a word index too. */
  constructor(expected: { texts?: number; bytes?: number; indexWords?: boolean } = {}) {
    this.text = Buffer.allocUnsafeSlow(Math.max(4096, expected.bytes ?? 0));
    this.starts = new Uint32Array(Math.max(1024, (expected.texts ?? 0) + 1));
    this.words = expected.indexWords ? new WordIndexBuilder({ texts: expected.texts }) : null;
  }

  /** `folded` must already be case-folded with `fold`; returns the text's id. */
  add(folded: string): number {
    const needed = this.length + Buffer.byteLength(folded) + 1;
    if (needed > this.text.length) this.text = grown(this.text, needed);
    this.starts = grow(this.starts, this.count + 2);
    this.starts[this.count] = this.length;
    this.length += this.text.write(folded, this.length);
    this.text[this.length++] = TEXT_SEPARATOR;
    this.words?.add(folded);
    return this.count++;
  }

  build(): TextDictionary {
    this.starts[this.count] = this.length;
    return new TextDictionary(this.text.subarray(0, this.length), this.starts.subarray(0, this.count + 1), this.words?.build() ?? null);
  }
}

function grown(buffer: Buffer, needed: number): Buffer {
  const next = Buffer.allocUnsafeSlow(Math.max(needed, Math.ceil(buffer.length * 1.25)));
  buffer.copy(next);
  return next;
}
