import type { Prng } from './prng';

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex32(word: number): string {
  return HEX_BYTES[word >>> 24] + HEX_BYTES[(word >>> 16) & 0xff] + HEX_BYTES[(word >>> 8) & 0xff] + HEX_BYTES[word & 0xff];
}

/** A version 4 UUID drawn from the seeded generator, so ids repeat with the seed. */
export function uuidFromPrng(random: Prng): string {
  const a = hex32(random.nextUint32());
  const b = hex32(((random.nextUint32() & 0xffff0fff) | 0x00004000) >>> 0);
  const c = hex32(((random.nextUint32() & 0x3fffffff) | 0x80000000) >>> 0);
  const d = hex32(random.nextUint32());
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}
