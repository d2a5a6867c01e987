import { csvRecords } from './csv-records';

describe('csvRecords', () => {
  it('ends each record with CRLF and quotes only what must be quoted', () => {
    expect(
      csvRecords([
        ['a', 'b c', ''],
        ['1', '-2', "'=x"],
      ]),
    ).toBe("a,b c,\r\n1,-2,'=x\r\n");
  });

  it('quotes quotes, commas, lone CRs and LFs, doubling the quotes', () => {
    expect(csvRecords([['say "hi"', 'a,b', 'line\nbreak', 'cr\ronly']])).toBe('"say ""hi""","a,b","line\nbreak","cr\ronly"\r\n');
  });

  it('writes nothing for no records', () => {
    expect(csvRecords([])).toBe('');
  });
});
