import type { LedgerEntryKind } from './ledger-entry-kind';

export type LedgerEntryPurpose = 'reveal' | 'export' | 'scrape' | 'enrichment' | 'icp' | 'allowance';

export interface LedgerEntryFacts {
  movement: LedgerEntryKind;
  purpose: LedgerEntryPurpose;
  amount: number;
  reason: string;
  reference: string | null;
  /** Rows of the enrichment job the entry belongs to, when known. */
  jobRows?: number | null;
}

const count = new Intl.NumberFormat('en-US');

function plural(amount: number, one: string, many: string): string {
  return `${count.format(amount)} ${amount === 1 ? one : many}`;
}

function shortId(reference: string | null): string {
  const id = reference?.split(':')[1] ?? '';
  return id ? `${id.slice(0, 8)}…` : '';
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a ledger entry paid for (or where its credits came from), as a person would say it. */
export function describeLedgerEntry(entry: LedgerEntryFacts): string {
  const { movement, purpose, amount } = entry;
  switch (purpose) {
    case 'reveal':
      return movement === 'refund' ? `Refund: ${plural(amount, 'lead', 'leads')}` : `Reveal of ${plural(amount, 'lead', 'leads')}`;
    case 'export':
      return movement === 'refund'
        ? `Refund: export ${shortId(entry.reference)} — ${plural(amount, 'row', 'rows')}`
        : `Export ${shortId(entry.reference)} — ${plural(amount, 'row', 'rows')}`;
    case 'scrape':
      if (movement === 'refund') return `Refund: ${plural(amount, 'domain', 'domains')} without text`;
      return `Scrape hold, ${plural(amount, 'domain', 'domains')}`;
    case 'enrichment':
      if (movement === 'refund')
        return entry.reason === 'enrichment failed'
          ? `Refund: enrichment failed, ${plural(amount, 'credit', 'credits')} back`
          : `Refund: ${plural(amount, 'credit', 'credits')} for empty cells`;
      return entry.jobRows ? `Enrichment hold, ${plural(entry.jobRows, 'row', 'rows')}` : 'Enrichment hold';
    case 'icp':
      return movement === 'refund' ? 'Refund: ICP score' : 'ICP score of a company';
    case 'allowance':
      return sentenceCase(entry.reason);
  }
}

/** The balance effect of an entry: grants and refunds add, spends and holds take. */
export function ledgerChange(movement: LedgerEntryKind, amount: number): number {
  return movement === 'grant' || movement === 'refund' ? amount : -amount;
}

/** What a ledger entry paid for, read from its reference exactly as the ledger's generated `purpose` column reads it. */
export function ledgerPurposeOf(reference: string | null): LedgerEntryPurpose {
  const prefix = reference?.split(':', 1)[0];
  return prefix === 'reveal' || prefix === 'export' || prefix === 'scrape' || prefix === 'enrichment' || prefix === 'icp'
    ? prefix
    : 'allowance';
}
