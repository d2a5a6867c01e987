import { describeLedgerEntry, ledgerChange } from './ledger-entry-words';

describe('describeLedgerEntry', () => {
  const base = { reason: '', reference: null };

  it('says what a spend or hold paid for', () => {
    expect(describeLedgerEntry({ ...base, movement: 'spend', purpose: 'reveal', amount: 37 })).toBe('Reveal of 37 leads');
    expect(describeLedgerEntry({ ...base, movement: 'spend', purpose: 'reveal', amount: 1 })).toBe('Reveal of 1 lead');
    expect(
      describeLedgerEntry({
        ...base,
        movement: 'spend',
        purpose: 'export',
        amount: 1204,
        reference: 'export:3f2a9c1e-0000-4000-8000-000000000000',
      }),
    ).toBe('Export 3f2a9c1e… — 1,204 rows');
    expect(describeLedgerEntry({ ...base, movement: 'hold', purpose: 'scrape', amount: 12 })).toBe('Scrape hold, 12 domains');
    expect(describeLedgerEntry({ ...base, movement: 'hold', purpose: 'enrichment', amount: 480, jobRows: 120 })).toBe(
      'Enrichment hold, 120 rows',
    );
    expect(describeLedgerEntry({ ...base, movement: 'spend', purpose: 'icp', amount: 1 })).toBe('ICP score of a company');
  });

  it('says what a refund gave back and why', () => {
    expect(describeLedgerEntry({ ...base, movement: 'refund', purpose: 'scrape', amount: 3, reason: 'scrape refund' })).toBe(
      'Refund: 3 domains without text',
    );
    expect(describeLedgerEntry({ ...base, movement: 'refund', purpose: 'enrichment', amount: 40, reason: 'enrichment empty cells' })).toBe(
      'Refund: 40 credits for empty cells',
    );
    expect(describeLedgerEntry({ ...base, movement: 'refund', purpose: 'enrichment', amount: 480, reason: 'enrichment failed' })).toBe(
      'Refund: enrichment failed, 480 credits back',
    );
  });

  it('gives allowances their own reason', () => {
    expect(describeLedgerEntry({ ...base, movement: 'grant', purpose: 'allowance', amount: 300, reason: 'welcome credits' })).toBe(
      'Welcome credits',
    );
    expect(
      describeLedgerEntry({ ...base, movement: 'spend', purpose: 'allowance', amount: 10, reason: 'unused trial credits expired' }),
    ).toBe('Unused trial credits expired');
  });
});

describe('ledgerChange', () => {
  it('adds grants and refunds and takes spends and holds', () => {
    expect([ledgerChange('grant', 5), ledgerChange('refund', 5), ledgerChange('spend', 5), ledgerChange('hold', 5)]).toEqual([
      5, 5, -5, -5,
    ]);
  });
});
