import { MAX_EXPORT_ROWS } from '@lead-engine/contracts';

export interface ExportPlan {
  /** Rows to deliver. */
  rows: number;
  /** True when the balance, not the limit or the matches, set the number of rows. */
  capped: boolean;
  note: string | null;
}

/** How many of the available matches an export delivers: the limit, then the balance (1 credit a row). */
export function planExport(limit: number, available: number, balance: number): ExportPlan {
  const wanted = Math.min(limit, available, MAX_EXPORT_ROWS);
  if (balance >= wanted) {
    const note = available < limit ? `Only ${available} matching leads were not yet revealed by this account.` : null;
    return { rows: wanted, capped: false, note };
  }
  const rows = Math.max(0, balance);
  return { rows, capped: true, note: `Delivery stopped at the account's balance: ${rows} of ${wanted} rows (1 credit per row).` };
}
