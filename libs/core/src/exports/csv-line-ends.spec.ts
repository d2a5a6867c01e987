import { CsvLineEnds } from './csv-line-ends';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

function convertInChunks(input: string, cuts: number[]): string {
  const data = bytes(input);
  const lineEnds = new CsvLineEnds();
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, data.length]) {
    out.push(lineEnds.convert(data.subarray(from, cut)));
    from = cut;
  }
  expect(lineEnds.complete).toBe(true);
  return text(out);
}

describe('CsvLineEnds', () => {
  it('ends records with CRLF', () => {
    expect(convertInChunks('a,b\nc,d\n', [])).toBe('a,b\r\nc,d\r\n');
  });

  it('keeps line breaks inside quoted fields, escaped quotes included', () => {
    const input = 'a,"two\nlines",b\n"say ""hi""\nthere",c\r,"\r\n"\n';
    expect(convertInChunks(input, [])).toBe('a,"two\nlines",b\r\n"say ""hi""\nthere",c\r,"\r\n"\r\n');
    const lineEnds = new CsvLineEnds();
    lineEnds.convert(bytes(input));
    expect(lineEnds.records).toBe(2);
  });

  it('gives the same bytes however the input is cut, inside quotes and between escaped quotes', () => {
    const input = 'Zoë,"x\n""y""\nz",é\n,"",\n"a,b"\n';
    const whole = convertInChunks(input, []);
    const size = bytes(input).length;
    for (let cut = 0; cut <= size; cut++) {
      for (let second = cut; second <= size; second += 3) {
        expect(convertInChunks(input, [cut, second])).toBe(whole);
      }
    }
  });

  it('returns a chunk without record ends as it is, and reports an unfinished quoted field', () => {
    const lineEnds = new CsvLineEnds();
    const chunk = bytes('"open\nfield');
    expect(lineEnds.convert(chunk)).toBe(chunk);
    expect(lineEnds.complete).toBe(false);
    expect(text([lineEnds.convert(bytes('"\n'))])).toBe('"\r\n');
    expect(lineEnds.complete).toBe(true);
  });

  it('handles empty input', () => {
    expect(convertInChunks('', [])).toBe('');
  });
});
