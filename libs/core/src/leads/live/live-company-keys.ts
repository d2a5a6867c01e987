import type { LeadTable } from '../query/lead-table';
import { indexInAscending } from '../query/sorted-search';

/**
 * Gives each company a changed contact names its key in a live table (see ChangedContact): its index
 * in the base, found by id, or a key of its own from base.companyCount up, the same for every change
 * until the next base. The base must hold its companies in ascending id order, as a load reads them.
 */
export class LiveCompanyKeys {
  private readonly newKeys = new Map<number, number>();

  constructor(private readonly base: LeadTable) {}

  keyOf(companyId: number): number {
    const index = indexInAscending(this.base.companyId, companyId);
    if (index !== -1) return index;
    let key = this.newKeys.get(companyId);
    if (key === undefined) {
      key = this.base.companyCount + this.newKeys.size;
      this.newKeys.set(companyId, key);
    }
    return key;
  }
}
