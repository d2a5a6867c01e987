// Letters that Unicode decomposition does not reduce to a base letter plus marks.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower-case ASCII letters and digits only: `Müller` → `muller`, `O'Brien` → `obrien`. */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPECIAL_LETTERS[letter])
    .replace(/[^a-z0-9]/g, '');
}

/** The ASCII words of a text joined by `separator`: `Walker & Reed LLP` → `walker-reed-llp`. */
export function asciiSlug(text: string, separator = '-'): string {
  return text
    .split(/[^\p{L}\p{N}']+/u)
    .map(asciiFold)
    .filter((word) => word !== '')
    .join(separator);
}
