import { Prng } from './prng';

const draw = (random: Prng, count: number) => Array.from({ length: count }, () => random.nextUint32());

describe('Prng', () => {
  it('repeats its sequence for the same seed', () => {
    expect(draw(new Prng(42), 1000)).toEqual(draw(new Prng(42), 1000));
  });

  it('gives unrelated sequences for neighbouring and large seeds', () => {
    const sequences = [0, 1, 2, -1, 2 ** 32, 2 ** 40 + 1].map((seed) => draw(new Prng(seed), 8).join());
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('rejects a seed that is not a safe integer', () => {
    expect(() => new Prng(1.5)).toThrow(RangeError);
    expect(() => new Prng(Number.NaN)).toThrow(RangeError);
  });

  it('spreads values evenly', () => {
    const random = new Prng(7);
    const buckets = new Array<number>(10).fill(0);
    let sum = 0;
    for (let i = 0; i < 100_000; i++) {
      const value = random.nextFloat();
      expect(value >= 0 && value < 1).toBe(true);
      buckets[Math.floor(value * 10)]++;
      sum += value;
    }
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('keeps integers within their bound and reaches both ends', () => {
    const random = new Prng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(random.nextInt(6));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('uses the full 32-bit range', () => {
    const values = draw(new Prng(11), 10_000);
    expect(Math.max(...values)).toBeGreaterThan(0xf000_0000);
    expect(Math.min(...values)).toBeLessThan(0x1000_0000);
    expect(values.every((value) => Number.isInteger(value) && value >= 0)).toBe(true);
  });
});
