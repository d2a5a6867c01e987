import { DomainError } from '@lead-engine/core';
import { EnrichmentCsvReader, readEnrichmentCsv } from './enrichment-csv-reader';

const code = async (data: string | Buffer, chunkBytes?: number) => {
  try {
    await readEnrichmentCsv(Buffer.from(data), chunkBytes);
  } catch (error) {
    return (error as DomainError).code;
  }
  return 'ok';
};

/** Writes chunks until the reader refuses one: the code and how many chunks it took. */
const refusedAt = (chunks: Iterable<Buffer>) => {
  const reader = new EnrichmentCsvReader();
  let written = 0;
  try {
    for (const chunk of chunks) {
      written += 1;
      reader.write(chunk);
    }
  } catch (error) {
    return { code: (error as DomainError).code, message: (error as DomainError).detail, written };
  }
  return { code: 'ok', written };
};

function* repeated(chunk: string, times: number, head = '') {
  if (head) yield Buffer.from(head);
  for (let n = 0; n < times; n++) yield Buffer.from(chunk);
}

describe('EnrichmentCsvReader', () => {
  it('reads a header and data rows (BOM, CRLF, quotes), padding short rows and skipping blank ones, however the file is cut', async () => {
    const csv = '\uFEFFwebsite,notes,extra\r\nacme.test,"a, ""b"""\r\n,,\r\n\r\nbeta.test,x,y\r\n';
    for (const chunkBytes of [1, 2, 3, 7, 64 * 1024]) {
      expect(await readEnrichmentCsv(Buffer.from(csv), chunkBytes)).toEqual({
        headers: ['website', 'notes', 'extra'],
        rows: [
          ['acme.test', 'a, "b"', ''],
          ['beta.test', 'x', 'y'],
        ],
      });
    }
  });

  it('refuses what is not a CSV with data rows', async () => {
    expect(await code('')).toBe('INVALID_CSV');
    expect(await code('website\n')).toBe('INVALID_CSV');
    expect(await code(',,\n,,\n')).toBe('INVALID_CSV');
    expect(await code('website\n"unclosed\n')).toBe('INVALID_CSV');
    expect(await code('a\n1,2\n')).toBe('INVALID_CSV');
    expect(await code(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe('INVALID_CSV');
  });

  it('notes a file that is not a CSV without refusing the chunks that follow, and says so at the end', async () => {
    const reader = new EnrichmentCsvReader();
    reader.write(Buffer.from('website\nacme.test\n'));
    reader.write(Buffer.from([0x61, 0x00, 0x0a]));
    reader.write(Buffer.from('beta.test\n'));
    const upload = await reader.end();
    expect(upload.state === 'invalid' && upload.error.detail).toBe('The file is not text: it contains NUL bytes.');
  });

  it('takes 10,000 data rows and not one more', async () => {
    expect(await code(`w\n${'a.test\n'.repeat(10_000)}`)).toBe('ok');
    expect(await code(`w\n${'a.test\n'.repeat(10_001)}`)).toBe('PAYLOAD_TOO_LARGE');
    expect(await code(`w\n${'a.test\n'.repeat(10_000)}a.test`)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses the chunk that brings the 10,001st data row, not the end of the file', () => {
    // 5,000,000 one-character rows: two-byte rows in 64 KB chunks, refused within the first chunk past row 10,000.
    const refused = refusedAt(repeated('a\n'.repeat(32 * 1024), 160, 'w\n'));
    expect(refused).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A file holds at most 10000 data rows; this one has 10001 or more.',
      written: 2,
    });
  });

  it('refuses a row longer than 1 MB as it grows, quoted or not', () => {
    const line = refusedAt(repeated('x'.repeat(64 * 1024), 144, 'website\n'));
    expect(line.code).toBe('PAYLOAD_TOO_LARGE');
    expect(line.message).toMatch(/at most 1 MB; line 2 is longer/);
    expect(line.written).toBeLessThanOrEqual(18);
    expect(refusedAt(repeated('x'.repeat(64 * 1024), 144, 'website\n"')).written).toBeLessThanOrEqual(18);
  });

  it('refuses the 1,001st column as it is read, even of empty cells', () => {
    expect(refusedAt([Buffer.from(`${'c,'.repeat(999)}c\n`)])).toEqual({ code: 'ok', written: 1 });
    const header = refusedAt(repeated('c,'.repeat(32 * 1024), 7));
    expect(header).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'A row holds at most 1000 columns; line 1 has more.', written: 1 });
    expect(refusedAt(repeated(','.repeat(64 * 1024), 144, 'website\n')).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
