import { CopyBuffer, prefixedSlices } from './copy-buffer';

describe('CopyBuffer', () => {
  it('keeps lines as UTF-8 bytes, growing as needed, and hands them out in slices', () => {
    const buffer = new CopyBuffer(8);
    const lines = ['ä\tb\n', 'x'.repeat(50) + '\n', '日本\n'];
    for (const line of lines) buffer.line(line);
    expect(buffer.rows).toBe(3);
    const slices = [...buffer.slices(16)];
    expect(slices.every((slice) => slice.length <= 16)).toBe(true);
    expect(Buffer.concat(slices).toString('utf8')).toBe(lines.join(''));
  });

  it('has no slices when empty', () => {
    expect([...new CopyBuffer().slices()]).toEqual([]);
  });

  it('puts columns in front of the lines of several segments, leaving out the lines without a prefix', () => {
    const first = new CopyBuffer(8);
    for (const line of ['ä\n', 'b\n']) first.line(line);
    const second = new CopyBuffer(8);
    for (const line of ['日本\n', 'd\n']) second.line(line);
    const slices = [...prefixedSlices([first.segment(), second.segment()], (row) => (row === 1 ? null : `${row}\t`), 8)];
    expect(Buffer.concat(slices).toString('utf8')).toBe('0\tä\n2\t日本\n3\td\n');
  });
});
