export interface CsvRecord {
  /** File line the record starts on; the header is line 1. */
  line: number;
  fields: string[];
}

export type CsvFaultCode =
  'INVALID_OPENING_QUOTE' | 'CSV_INVALID_CLOSING_QUOTE' | 'CSV_QUOTE_NOT_CLOSED' | 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH';

export interface CsvFault {
  line: number;
  code: CsvFaultCode;
  /** Fields of the record when it could still be split (a wrong field count). */
  fields?: string[];
  /** No record has been read yet: the header row itself is unreadable. */
  beforeFirstRecord: boolean;
}

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;
/** The UTF-8 byte order mark, read as latin1. */
const BOM = '\xef\xbb\xbf';
/** A byte of a multi-byte UTF-8 character, read as latin1. */
const NON_ASCII = /[\x80-\xff]/g;
const HAS_NON_ASCII = /[\x80-\xff]/;

/** A record could not be finished with the text at hand: wait for more. */
const INCOMPLETE = -1;

/**
 * An RFC 4180 parser fed a UTF-8 file piece by piece, as latin1 text (one character per byte: decoding
 * that way is several times cheaper, the structure of a CSV is ASCII, and no byte of a multi-byte
 * UTF-8 character is ASCII); fields come out decoded from UTF-8. Comma separated, fields optionally
 * quoted, `""` for a quote inside quotes, LF, CRLF or CR between records, blank lines skipped, a leading
 * BOM dropped.
 * Each record carries the line it starts on, counting a line break inside a quoted field (a CRLF as one)
 * as an editor does. A record that breaks the format, or whose field count differs from the first
 * record's, is reported to `onFault` instead and parsing resumes at the next line.
 *
 * Written for speed, since parsing is most of what a large import costs on the Node side: the next
 * line feed, carriage return and quote are found with indexOf and remembered, and a run of unquoted
 * fields is cut with split(','), so no JavaScript loop runs per character.
 */
export class CsvRecordParser {
  private text = '';
  private position = 0;
  private line = 1;
  private width = -1;
  private started = false;
  /** After an incomplete record: parse again once this much text is waiting (a huge field stays linear). */
  private retryAt = 0;
  // The next LF, CR and quote at or after the last place asked about; the text's length when there is none.
  private lf = -1;
  private cr = -1;
  private quote = -1;
  private nonAscii = -1;

  constructor(private readonly onFault: (fault: CsvFault) => void) {}

  /** Adds text (latin1, see above) and appends the records it completes to `out`. */
  push(text: string, out: CsvRecord[]): void {
    this.text = this.position === this.text.length ? text : this.text.slice(this.position) + text;
    this.position = 0;
    if (!this.started) {
      // A BOM may come in pieces.
      if (this.text.length < BOM.length && BOM.startsWith(this.text)) return;
      this.started = true;
      if (this.text.startsWith(BOM)) this.position = BOM.length;
    }
    if (this.text.length - this.position < this.retryAt) return;
    this.parse(false, out);
    const waiting = this.text.length - this.position;
    this.retryAt = waiting > 0 ? waiting * 2 : 0;
  }

  /** The end of the file: appends the last records to `out`. */
  end(out: CsvRecord[]): void {
    this.parse(true, out);
    this.text = '';
    this.position = 0;
  }

  private nextLf(at: number): number {
    if (this.lf < at) {
      const found = this.text.indexOf('\n', at);
      this.lf = found === -1 ? this.text.length : found;
    }
    return this.lf;
  }

  private nextCr(at: number): number {
    if (this.cr < at) {
      const found = this.text.indexOf('\r', at);
      this.cr = found === -1 ? this.text.length : found;
    }
    return this.cr;
  }

  private nextQuote(at: number): number {
    if (this.quote < at) {
      const found = this.text.indexOf('"', at);
      this.quote = found === -1 ? this.text.length : found;
    }
    return this.quote;
  }

  private nextNonAscii(at: number): number {
    if (this.nonAscii < at) {
      NON_ASCII.lastIndex = at;
      this.nonAscii = NON_ASCII.exec(this.text)?.index ?? this.text.length;
    }
    return this.nonAscii;
  }

  private parse(final: boolean, out: CsvRecord[]): void {
    const text = this.text;
    const length = text.length;
    this.lf = this.cr = this.quote = this.nonAscii = -1;
    let position = this.position;
    while (position < length) {
      const first = text.charCodeAt(position);
      if (first === LF || first === CR) {
        // A blank line; a CR at the end of the text may be the first half of a CRLF.
        if (first === CR && position + 1 === length && !final) break;
        position += first === CR && text.charCodeAt(position + 1) === LF ? 2 : 1;
        this.line++;
        continue;
      }
      const next = this.record(text, position, final, out);
      if (next === INCOMPLETE) break;
      position = next;
    }
    this.position = position;
  }

  /** Parses the record starting at `start`; answers where the next one starts, or INCOMPLETE. */
  private record(text: string, start: number, final: boolean, out: CsvRecord[]): number {
    const length = text.length;
    let fields: string[] = [];
    let breaks = 0;
    let at = start;
    let fault: CsvFaultCode | null = null;
    for (;;) {
      if (text.charCodeAt(at) === QUOTE) {
        // A quoted field: up to the next quote that is not doubled, counting the line breaks inside.
        let value = '';
        let from = at + 1;
        let close: number;
        for (;;) {
          close = this.nextQuote(from);
          if (close >= length) {
            if (!final) return INCOMPLETE;
            fault = 'CSV_QUOTE_NOT_CLOSED';
            break;
          }
          if (close + 1 >= length && !final) return INCOMPLETE;
          if (text.charCodeAt(close + 1) !== QUOTE) break;
          value += text.slice(from, close + 1);
          from = close + 2;
        }
        if (fault !== null) {
          at = length;
          break;
        }
        for (let lf = this.nextLf(at); lf < close; lf = this.nextLf(lf + 1)) breaks++;
        for (let cr = this.nextCr(at); cr < close; cr = this.nextCr(cr + 1)) if (text.charCodeAt(cr + 1) !== LF) breaks++;
        fields.push(value + text.slice(from, close));
        at = close + 1;
        if (at >= length) {
          if (!final) return INCOMPLETE;
          break;
        }
        const after = text.charCodeAt(at);
        if (after === COMMA) {
          at++;
          continue;
        }
        if (after !== LF && after !== CR) fault = 'CSV_INVALID_CLOSING_QUOTE';
        break;
      }
      // A run of unquoted fields: to the end of the line, or to the comma before a quoted field.
      const lf = this.nextLf(at);
      const cr = this.nextCr(at);
      const lineEnd = lf < cr ? lf : cr;
      const quote = this.nextQuote(at);
      if (quote < lineEnd) {
        if (text.charCodeAt(quote - 1) !== COMMA) {
          at = quote;
          fault = 'INVALID_OPENING_QUOTE';
          break;
        }
        for (const field of text.slice(at, quote - 1).split(',')) fields.push(field);
        at = quote;
        continue;
      }
      if (lineEnd >= length && !final) return INCOMPLETE;
      const run = text.slice(at, lineEnd).split(',');
      if (fields.length === 0) fields = run;
      else for (const field of run) fields.push(field);
      at = lineEnd;
      break;
    }
    if (fault !== null) {
      // The rest of the line goes with the broken record.
      const lf = this.nextLf(at);
      const cr = this.nextCr(at);
      at = lf < cr ? lf : cr;
      if (at >= length && !final) return INCOMPLETE;
    }
    // `at` is on the line break ending the record, or at the end of the text.
    if (at < length) {
      if (text.charCodeAt(at) === CR) {
        if (at + 1 >= length && !final) return INCOMPLETE;
        if (text.charCodeAt(at + 1) === LF) at++;
      }
      at++;
    }
    if (this.nextNonAscii(start) < at) {
      for (let index = 0; index < fields.length; index++) {
        if (HAS_NON_ASCII.test(fields[index])) fields[index] = Buffer.from(fields[index], 'latin1').toString('utf8');
      }
    }
    const line = this.line;
    this.line += breaks + 1;
    const beforeFirstRecord = this.width === -1;
    if (fault !== null) {
      this.onFault({ line, code: fault, fields: undefined, beforeFirstRecord });
    } else if (beforeFirstRecord) {
      this.width = fields.length;
      out.push({ line, fields });
    } else if (fields.length !== this.width) {
      this.onFault({ line, code: 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH', fields, beforeFirstRecord });
    } else {
      out.push({ line, fields });
    }
    return at;
  }
}
