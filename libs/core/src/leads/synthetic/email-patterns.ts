export type EmailPattern = 'first.last' | 'flast' | 'first' | 'firstlast' | 'first_last' | 'firstl' | 'f.last';

export const EMAIL_PATTERN_WEIGHTS: ReadonlyArray<readonly [EmailPattern, number]> = [
  ['first.last', 45],
  ['flast', 20],
  ['first', 8],
  ['firstlast', 8],
  ['first_last', 5],
  ['firstl', 5],
  ['f.last', 9],
];

/** The local part of an address for ASCII-folded first and last names. */
export function emailLocalPart(pattern: EmailPattern, first: string, last: string): string {
  switch (pattern) {
    case 'first.last':
      return `${first}.${last}`;
    case 'flast':
      return first[0] + last;
    case 'first':
      return first;
    case 'firstlast':
      return first + last;
    case 'first_last':
      return `${first}_${last}`;
    case 'firstl':
      return first + last[0];
    case 'f.last':
      return `${first[0]}.${last}`;
  }
}
