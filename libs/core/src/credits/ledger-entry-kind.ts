/**
 * grant adds to total_earned; spend and hold add to total_spent; refund gives a hold back and
 * lowers total_spent. So balance = total_earned - total_spent holds after every entry.
 */
export const LEDGER_ENTRY_KINDS = ['grant', 'spend', 'hold', 'refund'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
