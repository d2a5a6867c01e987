import { z } from 'zod';

/**
 * Control (Cc) and format (Cf) characters: newlines, tabs, NUL, zero-width spaces and joiners, the soft
 * hyphen, the byte order mark and the bidirectional embeddings, overrides and isolates that can make a name
 * read differently from what it is. Letters of right-to-left scripts are not among them.
 */
const INVISIBLE_CHARACTER = /[\p{Cf}\p{Cc}]/u;

/** The most characters a key, saved-search or user name may have. */
export const NAME_MAX_LENGTH = 100;

/** The words for the first refused character of a name, or null when it has none. */
export function invisibleCharacterProblem(value: string): string | null {
  const found = INVISIBLE_CHARACTER.exec(value);
  if (!found) return null;
  const codePoint = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `Names cannot contain invisible or right-to-left control characters (found U+${codePoint})`;
}

/** A name people see (of a key, a saved search, a user): trimmed, 1 to `max` characters, every one of them visible. */
export function visibleName(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((value, context) => {
      const problem = invisibleCharacterProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
    });
}
