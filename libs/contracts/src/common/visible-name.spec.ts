import { invisibleCharacterProblem, visibleName } from './visible-name';

const name = visibleName(100);
const messagesOf = (value: string) => name.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('visibleName', () => {
  it.each([
    ['right-to-left override', 'invoice\u202Efdp.exe', 'U+202E'],
    ['left-to-right embedding', 'a\u202Ab', 'U+202A'],
    ['right-to-left isolate', 'a\u2067b', 'U+2067'],
    ['pop directional isolate', 'a\u2069b', 'U+2069'],
    ['right-to-left mark', 'a\u200Fb', 'U+200F'],
    ['zero-width space', 'a\u200Bb', 'U+200B'],
    ['zero-width joiner', 'a\u200Db', 'U+200D'],
    ['byte order mark inside a name', 'a\uFEFFb', 'U+FEFF'],
    ['soft hyphen', 'co\u00ADop', 'U+00AD'],
    ['Arabic letter mark', 'a\u061Cb', 'U+061C'],
    ['format character outside the BMP (a language tag)', 'a\u{E0001}b', 'U+E0001'],
    ['newline', 'two\nlines', 'U+000A'],
    ['tab', 'a\tb', 'U+0009'],
    ['NUL', 'a\u0000b', 'U+0000'],
    ['DEL', 'a\u007Fb', 'U+007F'],
    ['C1 control', 'a\u0085b', 'U+0085'],
  ])('refuses the %s, naming it', (_kind, value, codePoint) => {
    expect(messagesOf(value)).toEqual([`Names cannot contain invisible or right-to-left control characters (found ${codePoint})`]);
  });

  it('names the first refused character only', () => {
    expect(invisibleCharacterProblem('a\u200Bb\u202Ec')).toBe(
      'Names cannot contain invisible or right-to-left control characters (found U+200B)',
    );
  });

  it.each([
    ['plain', 'Production'],
    ['accents', 'Zoë Ångström-Núñez'],
    ['CJK', '山田 太郎'],
    ['emoji', 'CRM sync 🚀✨'],
    ['Arabic letters', 'مفتاح الإنتاج'],
    ['Hebrew letters', 'מפתח ייצור'],
    ['mixed scripts and digits', 'Key 2 – שלום (مرحبا)'],
    ['punctuation', "O'Brien & Co. / #1"],
  ])('accepts %s', (_kind, value) => {
    expect(name.parse(value)).toBe(value);
    expect(invisibleCharacterProblem(value)).toBeNull();
  });

  it('trims, and takes 1 to max characters', () => {
    expect(name.parse('  Renata  ')).toBe('Renata');
    expect(name.parse('x'.repeat(100))).toHaveLength(100);
    expect(name.safeParse('x'.repeat(101)).success).toBe(false);
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('').success).toBe(false);
    expect(visibleName(5).safeParse('x'.repeat(6)).success).toBe(false);
  });

  it('refuses whatever is not a string', () => {
    expect(name.safeParse(7).success).toBe(false);
    expect(name.safeParse(null).success).toBe(false);
  });
});
