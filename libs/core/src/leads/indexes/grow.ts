type GrowableArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** The array itself when it holds `needed` elements, else a copy at least twice as long. */
export function grow<T extends GrowableArray>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}
