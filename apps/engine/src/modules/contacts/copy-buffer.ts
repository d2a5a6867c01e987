/**
 * COPY text accumulated as UTF-8 bytes. Rows wait here for their chunk to be written instead of as
 * strings and objects, which would survive young-generation collections and be copied over and over.
 */
export class CopyBuffer {
  private buffer: Buffer;
  private used = 0;
  rows = 0;

  constructor(initialBytes = 4 * 1024 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }

  /** Appends one line (it must end with a newline). */
  line(text: string): void {
    // A UTF-16 code unit never takes more than 3 bytes of UTF-8.
    const room = text.length * 3;
    if (this.used + room > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + room));
      this.buffer.copy(grown, 0, 0, this.used);
      this.buffer = grown;
    }
    this.used += this.buffer.write(text, this.used);
    this.rows++;
  }

  /** The bytes written so far, in slices of at most `sliceBytes` (one COPY message each). */
  *slices(sliceBytes = 1024 * 1024): Generator<Buffer> {
    for (let start = 0; start < this.used; start += sliceBytes) yield this.buffer.subarray(start, Math.min(start + sliceBytes, this.used));
  }
}
