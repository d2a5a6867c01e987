import { neutralizeFormula } from './neutralize-formula';

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
