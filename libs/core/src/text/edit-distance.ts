/**
 * Levenshtein distance: the fewest single-character insertions, deletions and substitutions that turn
 * one text into the other, counted in UTF-16 code units. Stops early and answers `most + 1` once the
 * distance is sure to exceed `most`, so ranking many candidates costs little for the far ones.
 */
export function editDistance(from: string, to: string, most = Infinity): number {
  if (from === to) return 0;
  if (Math.abs(from.length - to.length) > most) return most + 1;
  if (from.length < to.length) [from, to] = [to, from];
  if (to.length === 0) return from.length;
  let previous = new Uint32Array(to.length + 1);
  let current = new Uint32Array(to.length + 1);
  for (let column = 0; column <= to.length; column++) previous[column] = column;
  for (let row = 1; row <= from.length; row++) {
    current[0] = row;
    let rowLeast = row;
    const letter = from.charCodeAt(row - 1);
    for (let column = 1; column <= to.length; column++) {
      const substitution = previous[column - 1] + (letter === to.charCodeAt(column - 1) ? 0 : 1);
      const value = Math.min(substitution, previous[column] + 1, current[column - 1] + 1);
      current[column] = value;
      if (value < rowLeast) rowLeast = value;
    }
    if (rowLeast > most) return most + 1;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[to.length], most + 1);
}
