import { NUMBER_LIKE_PATTERN, neutralizeFormula } from './neutralize-formula';

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['=1', `'=1`],
  ])('neutralizes %j', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected);
  });

  it.each(['+1 415 555 0100', '+44 (20) 7946-0958', '-42', '415.555.0100', 'Acme = Best', 'Zoë', '', 'C++ Engineer', 'a@b.com'])(
    'leaves %j as it is',
    (input) => {
      expect(neutralizeFormula(input)).toBe(input);
    },
  );
});

describe('NUMBER_LIKE_PATTERN', () => {
  it("spells out exactly what JavaScript's \\s and \\d match, character by character", () => {
    const reference = /^[+-]?[\d\s().\/-]*\d[\d\s().\/-]*$/;
    const pattern = new RegExp(NUMBER_LIKE_PATTERN);
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      for (const value of [`+1${character}2`, `-${character}`, `${character}`, `${character}7`]) {
        if (pattern.test(value) !== reference.test(value))
          throw new Error(`differs for U+${code.toString(16)} in ${JSON.stringify(value)}`);
      }
    }
  });
});
