import { storableText } from './storable-text';

describe('storableText', () => {
  it('removes NUL and the other unreadable controls, keeping tabs and line ends', () => {
    expect(storableText('a\u0000b\u0001c\u001fd\u007fe\tf\ng\rh')).toBe('abcde\tf\ng\rh');
    expect(storableText('\u0000'.repeat(10_000))).toBe('');
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(storableText('a\ud83d b\ude00 c😀')).toBe('a\ufffd b\ufffd c😀');
    expect(storableText('\ude00\ud83d')).toBe('\ufffd\ufffd');
  });

  it('gives text PostgreSQL accepts as UTF-8', () => {
    const stored = Buffer.from(storableText('x\u0000\ud800y'), 'utf8').toString('utf8');
    expect(stored).toBe('x\ufffdy');
  });
});
