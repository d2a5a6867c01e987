import { Readable } from 'node:stream';
import { CsvFault, CsvRecord, readCsvRecords } from './csv-record-reader';

async function read(text: string | Buffer, chunkBytes = 7): Promise<{ records: CsvRecord[]; faults: CsvFault[] }> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkBytes) chunks.push(bytes.subarray(start, start + chunkBytes));
  const faults: CsvFault[] = [];
  const records: CsvRecord[] = [];
  for await (const record of readCsvRecords(Readable.from(chunks), (fault) => faults.push(fault))) records.push(record);
  return { records, faults };
}

const lines = (records: CsvRecord[]) => records.map((record) => [record.line, record.fields]);

describe('readCsvRecords', () => {
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

  it('reports how far into the file each record ends', async () => {
    const { records } = await read('a,b\n1,2\n');
    expect(records.map((record) => record.bytes)).toEqual([4, 8]);
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
});
