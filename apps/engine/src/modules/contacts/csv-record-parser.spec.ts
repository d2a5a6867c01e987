import { parse } from 'csv-parse/sync';
import { CsvFault, CsvRecord, CsvRecordParser } from './csv-record-parser';

/** Parses a file fed in pieces of `chunkBytes`, as the import feeds it (latin1 text of the bytes). */
async function read(text: string | Buffer, chunkBytes = 7): Promise<{ records: CsvRecord[]; faults: CsvFault[] }> {
  const bytes = (Buffer.isBuffer(text) ? text : Buffer.from(text)).toString('latin1');
  const faults: CsvFault[] = [];
  const records: CsvRecord[] = [];
  const parser = new CsvRecordParser((fault) => faults.push(fault));
  for (let start = 0; start < bytes.length; start += chunkBytes) parser.push(bytes.slice(start, start + chunkBytes), records);
  parser.end(records);
  return { records, faults };
}

const lines = (records: CsvRecord[]) => records.map((record) => [record.line, record.fields]);

describe('CsvRecordParser', () => {
  it('gives each record the line it starts on, across quoted line breaks and blank lines', async () => {
    const { records, faults } = await read('a,b\n1,2\n\n"x\ny\nz",3\n\n\n4,"5,6"\n');
    expect(faults).toEqual([]);
    expect(lines(records)).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
      [4, ['x\ny\nz', '3']],
      [9, ['4', '5,6']],
    ]);
  });

  it('counts a CRLF inside a quoted field as one line, like an editor', async () => {
    const { records } = await read('a,b\r\n"x\r\ny",1\r\n"p\r\nq\r\nr",2\r\n3,4\r\n');
    expect(lines(records)).toEqual([
      [1, ['a', 'b']],
      [2, ['x\r\ny', '1']],
      [4, ['p\r\nq\r\nr', '2']],
      [7, ['3', '4']],
    ]);
  });

  it('skips a UTF-8 BOM and unescapes doubled quotes', async () => {
    const { records } = await read(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name,note\n"Acme ""Cloud"", Inc.",é\n')]),
      2,
    );
    expect(lines(records)).toEqual([
      [1, ['name', 'note']],
      [2, ['Acme "Cloud", Inc.', 'é']],
    ]);
  });

  it('reports records it cannot read with their line and goes on', async () => {
    const { records, faults } = await read('a,b,c\n1,2,3\n4,5\n"6\n7",8\n9,1"0,11\n12,13,14\n');
    expect(lines(records)).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', '2', '3']],
      [7, ['12', '13', '14']],
    ]);
    expect(faults).toEqual([
      { line: 3, code: 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH', fields: ['4', '5'], beforeFirstRecord: false },
      { line: 4, code: 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH', fields: ['6\n7', '8'], beforeFirstRecord: false },
      { line: 6, code: 'INVALID_OPENING_QUOTE', fields: undefined, beforeFirstRecord: false },
    ]);
  });

  it('tells when the very first record cannot be read', async () => {
    const { faults } = await read('a,b"c\n1,2\n');
    expect(faults[0]).toMatchObject({ line: 1, beforeFirstRecord: true });
  });

  it('numbers a fault after a CRLF inside a quoted field correctly, however far parsing runs ahead', async () => {
    const text = 'a,b\r\n"x\r\ny",1\r\n2,3"4\r\n5,6\r\n';
    for (const chunkBytes of [1, 5, 1000]) {
      const { records, faults } = await read(text, chunkBytes);
      expect(lines(records)).toEqual([
        [1, ['a', 'b']],
        [2, ['x\r\ny', '1']],
        [5, ['5', '6']],
      ]);
      expect(faults).toEqual([{ line: 4, code: 'INVALID_OPENING_QUOTE', fields: undefined, beforeFirstRecord: false }]);
    }
  });

  it('reads empty fields, quoted empty fields, a lone CR between records and a last record without a line break', async () => {
    const { records, faults } = await read('a,b,c\r,,\r"",x,""\r"a""",,"b\rc"\n1,2,3');
    expect(faults).toEqual([]);
    expect(lines(records)).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['', '', '']],
      [3, ['', 'x', '']],
      [4, ['a"', '', 'b\rc']],
      [6, ['1', '2', '3']],
    ]);
  });

  it('reports text after a closing quote and a quote never closed, with the line the record starts on', async () => {
    const { records, faults } = await read('a,b\n"x"y,1\n2,3\n"open,4\n5,6\n');
    expect(lines(records)).toEqual([
      [1, ['a', 'b']],
      [3, ['2', '3']],
    ]);
    expect(faults).toEqual([
      { line: 2, code: 'CSV_INVALID_CLOSING_QUOTE', fields: undefined, beforeFirstRecord: false },
      { line: 4, code: 'CSV_QUOTE_NOT_CLOSED', fields: undefined, beforeFirstRecord: false },
    ]);
  });

  it('reads what csv-parse reads, however the text is cut into pieces', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pieces = ['a', 'é', ' ', ',', '"', '\n', '\r\n', '\r', 'x y', '日本'];
    const value = () => {
      let text = '';
      for (let n = Math.floor(random() * 6); n > 0; n--) text += pieces[Math.floor(random() * pieces.length)];
      return /[",\r\n]/.test(text) || random() < 0.2 ? `"${text.replace(/"/g, '""')}"` : text;
    };
    for (let file = 0; file < 200; file++) {
      const eol = ['\n', '\r\n', '\r'][file % 3];
      const rows = Array.from({ length: 1 + Math.floor(random() * 8) }, () => [value(), value(), value()].join(','));
      const text = rows.join(eol) + (random() < 0.5 ? eol : '');
      const expected = (parse(text, { relax_column_count: true, record_delimiter: eol }) as string[][]).filter(
        (fields) => fields.length !== 1 || fields[0] !== '',
      );
      for (const step of [1, 2, 3, 5, 64]) {
        const records: CsvRecord[] = [];
        const faults: CsvFault[] = [];
        const parser = new CsvRecordParser((fault) => faults.push(fault));
        const bytes = Buffer.from(text).toString('latin1');
        for (let start = 0; start < bytes.length; start += step) parser.push(bytes.slice(start, start + step), records);
        parser.end(records);
        const read = [...records, ...faults.map((fault) => ({ line: fault.line, fields: fault.fields }))]
          .sort((left, right) => left.line - right.line)
          .map((record) => record.fields);
        expect({ text, step, read }).toEqual({ text, step, read: expected });
      }
    }
  });
});
