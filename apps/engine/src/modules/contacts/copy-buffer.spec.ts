import { CopyBuffer } from './copy-buffer';

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
});
