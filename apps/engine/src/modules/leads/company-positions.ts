/**
 * Where each company sits in the lead table, found from its id without a Map of a million keys:
 * companies arrive in ascending id order, so a binary search over their ids finds the position, and
 * contacts of one company usually arrive together, so the last answer is tried first.
 */
export class CompanyPositions {
  private readonly ids: Float64Array;
  private count = 0;
  private lastPosition = -1;

  constructor(expected: number) {
    this.ids = new Float64Array(Math.max(1, expected));
  }

  /** Ids must come in ascending order, as many as expected. */
  add(id: number, position: number): void {
    if (position !== this.count || position >= this.ids.length) throw new Error(`company ${id} arrived out of order`);
    this.ids[this.count++] = id;
  }

  positionOf(id: number): number {
    if (this.lastPosition >= 0 && this.ids[this.lastPosition] === id) return this.lastPosition;
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.ids[middle];
      if (value === id) return (this.lastPosition = middle);
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    throw new Error(`contact refers to company ${id}, which is not in the snapshot`);
  }
}
