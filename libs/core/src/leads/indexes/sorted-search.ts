/** The first index from `from` on whose value is at least `value` (values ascend); values.length when none is. */
export function firstAtLeast(values: ArrayLike<number>, value: number, from = 0): number {
  let low = from;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where `value` sits in an ascending array, or -1 when it is not there. */
export function indexInAscending(values: ArrayLike<number>, value: number): number {
  const index = firstAtLeast(values, value);
  return index < values.length && values[index] === value ? index : -1;
}
