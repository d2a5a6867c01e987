/**
 * A spreadsheet runs a cell as a formula when it starts with one of these; tab and carriage return
 * are included because some spreadsheets strip them and then see what follows.
 */
export const FORMULA_START_CHARACTERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

// JavaScript's \s, spelled out so that the pattern reads the same to PostgreSQL's regular expressions.
const SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const NUMBER_PART = `[0-9${SPACE}().\\/-]`;

/**
 * Phone numbers and plain numbers start with + or - but are data, not formulas. The pattern means the
 * same to JavaScript and to PostgreSQL (`~`), which neutralizes export cells itself.
 */
export const NUMBER_LIKE_PATTERN = `^[+-]?${NUMBER_PART}*[0-9]${NUMBER_PART}*$`;

const NUMBER_LIKE = new RegExp(NUMBER_LIKE_PATTERN);

/** Makes a cell safe to open in a spreadsheet by prefixing a quote to anything it would evaluate. */
export function neutralizeFormula(value: string): string {
  if (!FORMULA_START_CHARACTERS.includes(value.charAt(0)) || NUMBER_LIKE.test(value)) return value;
  return `'${value}`;
}
