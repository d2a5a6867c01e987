const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Turns the LF record ends of a CSV stream (PostgreSQL's COPY writes LF) into the CRLF of RFC 4180,
 * leaving line breaks inside quoted fields as they are. The input may arrive in chunks cut anywhere:
 * whether the next byte is inside quotes carries over from one chunk to the next. UTF-8 is safe to
 * scan byte by byte, since no multi-byte character contains a quote or a line feed byte.
 */
export class CsvLineEnds {
  private quoted = false;
  private ends = 0;

  convert(chunk: Uint8Array): Uint8Array {
    let recordEnds = 0;
    let quoted = this.quoted;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) recordEnds++;
    }
    this.ends += recordEnds;
    if (recordEnds === 0) {
      this.quoted = quoted;
      return chunk;
    }
    const out = new Uint8Array(chunk.length + recordEnds);
    let written = 0;
    let from = 0;
    quoted = this.quoted;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) {
        out.set(chunk.subarray(from, i), written);
        written += i - from;
        out[written++] = CR;
        from = i;
      }
    }
    out.set(chunk.subarray(from), written);
    this.quoted = quoted;
    return out;
  }

  /** Records ended so far. */
  get records(): number {
    return this.ends;
  }

  /** True when the input so far ended outside a quoted field, as a whole CSV must. */
  get complete(): boolean {
    return !this.quoted;
  }
}
