const TWO_TO_32 = 0x1_0000_0000;
// Bound once: looking up globals on every call is several times slower in sandboxed runtimes such as jest's.
const imul = Math.imul;
const floor = Math.floor;

/** Stretches a 32-bit value into a well-mixed one, so nearby seeds start far apart. */
function mix32(value: number): number {
  let z = imul(value ^ (value >>> 16), 0x85ebca6b);
  z = imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A small, fast, seedable generator (xoshiro128** over four 32-bit words). Synthetic data must be
 * reproducible from its seed, which Math.random cannot give.
 */
export class Prng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
    let state = (seed >>> 0) ^ mix32(Math.floor(seed / TWO_TO_32) >>> 0);
    const nextWord = (): number => {
      state = (state + 0x9e3779b9) >>> 0;
      return mix32(state);
    };
    this.s0 = nextWord();
    this.s1 = nextWord();
    this.s2 = nextWord();
    this.s3 = nextWord();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s3 = 1;
  }

  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number {
    const s1 = this.s1;
    const product = imul(s1, 5);
    const result = imul((product << 7) | (product >>> 25), 9) >>> 0;
    const shifted = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= shifted;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /** A float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / TWO_TO_32;
  }

  /** An integer in [0, bound). */
  nextInt(bound: number): number {
    return floor(this.nextFloat() * bound);
  }

  chance(probability: number): boolean {
    return this.nextFloat() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.nextInt(items.length)];
  }
}
