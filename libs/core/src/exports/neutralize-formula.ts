// A spreadsheet runs a cell as a formula when it starts with one of these; tab and carriage return
// are included because some spreadsheets strip them and then see what follows.
const FORMULA_START = /^[=+\-@\t\r]/;
// Phone numbers and plain numbers start with + or - but are data, not formulas.
const NUMBER_LIKE = /^[+-]?[\d\s().\/-]*\d[\d\s().\/-]*$/;

/** Makes a cell safe to open in a spreadsheet by prefixing a quote to anything it would evaluate. */
export function neutralizeFormula(value: string): string {
  if (!FORMULA_START.test(value) || NUMBER_LIKE.test(value)) return value;
  return `'${value}`;
}
