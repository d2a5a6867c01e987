import { copyText } from './staging-line';

describe('copyText', () => {
  it('writes null as \\N and escapes what COPY text format would read as structure', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText('plain, "quoted" é')).toBe('plain, "quoted" é');
    expect(copyText('a\tb\nc\r\nd\\N')).toBe('a\\tb\\nc\\r\\nd\\\\N');
  });
});
