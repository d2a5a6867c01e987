import { DomainError } from '@lead-engine/core';
import { readEnrichmentCsv } from './enrichment-csv-reader';

const code = (data: string | Buffer) => {
  try {
    readEnrichmentCsv(Buffer.from(data));
  } catch (error) {
    return (error as DomainError).code;
  }
  return 'ok';
};

describe('readEnrichmentCsv', () => {
  it('reads a header and data rows (BOM, CRLF, quotes), padding short rows and skipping blank ones', () => {
    const csv = '\uFEFFwebsite,notes,extra\r\nacme.test,"a, ""b"""\r\n,,\r\n\r\nbeta.test,x,y\r\n';
    expect(readEnrichmentCsv(Buffer.from(csv))).toEqual({
      headers: ['website', 'notes', 'extra'],
      rows: [
        ['acme.test', 'a, "b"', ''],
        ['beta.test', 'x', 'y'],
      ],
    });
  });

  it('refuses what is not a CSV with data rows', () => {
    expect(code('')).toBe('INVALID_CSV');
    expect(code('website\n')).toBe('INVALID_CSV');
    expect(code(',,\n,,\n')).toBe('INVALID_CSV');
    expect(code('website\n"unclosed\n')).toBe('INVALID_CSV');
    expect(code('a\n1,2\n')).toBe('INVALID_CSV');
    expect(code(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe('INVALID_CSV');
  });

  it('takes 10,000 data rows and not one more', () => {
    expect(code(`w\n${'a.test\n'.repeat(10_000)}`)).toBe('ok');
    expect(code(`w\n${'a.test\n'.repeat(10_001)}`)).toBe('PAYLOAD_TOO_LARGE');
  });
});
