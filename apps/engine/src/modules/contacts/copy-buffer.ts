/** Bytes handed to COPY per message. */
const SLICE_BYTES = 1024 * 1024;

/**
 * COPY text accumulated as UTF-8 bytes. Rows wait here for their chunk to be written instead of as
 * strings and objects, which would survive young-generation collections and be copied over and over.
 */
export class CopyBuffer {
  private buffer: Buffer;
  private used = 0;
  /** Where each line ends. */
  private ends = new Uint32Array(1024);
  rows = 0;

  constructor(initialBytes = 4 * 1024 * 1024) {
    // Not from the shared pool: a worker hands its buffers over to the main thread.
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Appends one line (it must end with a newline). */
  line(text: string): void {
    // A UTF-16 code unit never takes more than 3 bytes of UTF-8.
    const room = text.length * 3;
    if (this.used + room > this.buffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.used + room));
      this.buffer.copy(grown, 0, 0, this.used);
      this.buffer = grown;
    }
    this.used += this.buffer.write(text, this.used);
    if (this.rows === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.rows++] = this.used;
  }

  /** The bytes written so far (a view, not a copy). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.used);
  }

  /** Where each line ends in bytes() (a view, not a copy). */
  lineEnds(): Uint32Array {
    return this.ends.subarray(0, this.rows);
  }

  /** The bytes written so far, in slices of at most `sliceBytes` (one COPY message each). */
  *slices(sliceBytes = SLICE_BYTES): Generator<Buffer> {
    for (let start = 0; start < this.used; start += sliceBytes) yield this.buffer.subarray(start, Math.min(start + sliceBytes, this.used));
  }

  /** The lines so far, as a segment for prefixedSlices (views, not copies). */
  segment(): LineSegment {
    return { bytes: this.bytes(), ends: this.lineEnds() };
  }
}

/** Lines of COPY text: their bytes, and where each line ends in them. */
export interface LineSegment {
  bytes: Uint8Array;
  ends: Uint32Array;
}

/**
 * The lines of the segments, in order, with columns put in front of each, in slices of about
 * `sliceBytes`: `prefix(row)` gives the leading text of line `row` (0-based across the segments; ASCII,
 * ending with a tab), or null to leave the line out.
 */
export function* prefixedSlices(
  segments: readonly LineSegment[],
  prefix: (row: number) => string | null,
  sliceBytes = SLICE_BYTES,
): Generator<Buffer> {
  let out = Buffer.allocUnsafe(sliceBytes);
  let used = 0;
  let row = 0;
  for (const segment of segments) {
    const bytes = Buffer.from(segment.bytes.buffer, segment.bytes.byteOffset, segment.bytes.byteLength);
    const ends = segment.ends;
    let start = 0;
    for (let line = 0; line < ends.length; line++, row++) {
      const end = ends[line];
      const lead = prefix(row);
      if (lead !== null) {
        const length = lead.length + end - start;
        if (used + length > out.length) {
          if (used > 0) yield out.subarray(0, used);
          out = Buffer.allocUnsafe(Math.max(sliceBytes, length));
          used = 0;
        }
        used += out.write(lead, used, 'latin1');
        used += bytes.copy(out, used, start, end);
      }
      start = end;
    }
  }
  if (used > 0) yield out.subarray(0, used);
}
