import type { Prng } from './prng';

/** Picks among items with given relative weights in O(log n). */
export class WeightedChoice<T> {
  private readonly items: T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    this.items = entries.map(([item]) => item);
    this.cumulative = new Float64Array(entries.length);
    let total = 0;
    entries.forEach(([item, weight], index) => {
      if (!(weight >= 0) || !Number.isFinite(weight)) throw new RangeError(`bad weight ${weight} for ${String(item)}`);
      total += weight;
      this.cumulative[index] = total;
    });
    if (total <= 0) throw new RangeError('a weighted choice needs a positive total weight');
    this.total = total;
  }

  pickIndex(random: Prng): number {
    const target = random.nextFloat() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle] > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  pick(random: Prng): T {
    return this.items[this.pickIndex(random)];
  }
}
