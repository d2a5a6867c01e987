import type { TextDictionary } from '../indexes/text-dictionary';

/** Joined answers kept per set of chunks: the terms of the queries of the moment. */
const JOINED_ANSWERS = 64;

/** What a text filter needs of a set of texts: one 0/1 per text for a term. */
export interface MatchableTexts {
  readonly size: number;
  matching(term: string, wholeWords: boolean): Uint8Array;
}

/**
 * The company descriptions of a CompanyStore: the loaded companies' dictionary and one more for each
 * change that brought new companies, read as one dictionary whose ids run on from chunk to chunk. A
 * term is matched per chunk, each keeping its own cache, so a change never re-reads the loaded texts.
 */
export class CompanyDescriptions implements MatchableTexts {
  /** firsts[chunk] is the id of the chunk's first text; one more entry than chunks. */
  private readonly firsts: number[];
  /** The latest joined answers by term, each with the chunk answers it was joined from. */
  private readonly joined = new Map<string, { from: Uint8Array[]; result: Uint8Array }>();

  constructor(readonly chunks: readonly TextDictionary[]) {
    this.firsts = [0];
    for (const chunk of chunks) this.firsts.push(this.firsts[this.firsts.length - 1] + chunk.size);
  }

  get size(): number {
    return this.firsts[this.firsts.length - 1];
  }

  get bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  }

  /** These descriptions and one more chunk after them. */
  with(chunk: TextDictionary): CompanyDescriptions {
    return new CompanyDescriptions([...this.chunks, chunk]);
  }

  value(id: number): string {
    const chunk = this.chunkOf(id);
    return this.chunks[chunk].value(id - this.firsts[chunk]);
  }

  /**
   * Read-only. Each chunk's answer comes from its cache; the joined answer is kept while every chunk
   * still answers with the array it was joined from, so a term is joined again only when a chunk
   * evicted it, not on every query.
   */
  matching(term: string, wholeWords: boolean): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0].matching(term, wholeWords);
    const answers = this.chunks.map((chunk) => chunk.matching(term, wholeWords));
    const key = `${wholeWords ? 'w' : 's'}:${term}`;
    const joined = this.joined.get(key);
    if (joined !== undefined && joined.from.every((answer, index) => answer === answers[index])) return joined.result;
    const result = new Uint8Array(this.size);
    answers.forEach((answer, index) => result.set(answer, this.firsts[index]));
    this.joined.delete(key);
    this.joined.set(key, { from: answers, result });
    if (this.joined.size > JOINED_ANSWERS) this.joined.delete(this.joined.keys().next().value as string);
    return result;
  }

  private chunkOf(id: number): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.firsts[middle] <= id) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
