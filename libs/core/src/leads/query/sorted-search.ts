/** Where `value` sits in an ascending array, or -1 when it is not there. */
export function indexInAscending(values: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = values[middle];
    if (found === value) return middle;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
