import { normalizeFilters } from '../normalize-filters';
import { LeadTableBuilder } from '../query/lead-table';
import { ChangedContact, liveTable, withChanges } from './live-lead-table';
import { LiveRevealedRows } from './live-revealed-rows';
import { revealedSeqsMatching } from './revealed-matches';

describe('revealedSeqsMatching: the revealed leads that match the filters now', () => {
  const rows = 1_000;
  const company = { id: 0, industry: 'Retail', sizeBucket: '11 to 50', companyType: 'private', description: '' };
  const titleOf = (seq: number) => (seq % 2 === 0 ? 'CTO' : 'Clerk');
  const base = (() => {
    const builder = new LeadTableBuilder({ contacts: rows, companies: 1 });
    const index = builder.addCompany(company);
    for (let seq = 1; seq <= rows; seq++)
      builder.addContact({ seq, companyIndex: index, jobTitle: titleOf(seq), seniority: '', department: '', countryCode: 'US' });
    return builder.build();
  })();
  const change = (seq: number, jobTitle: string): ChangedContact => ({
    seq,
    jobTitle,
    seniority: '',
    department: '',
    countryCode: 'US',
    company,
  });
  const revealedOver = (live: ReturnType<typeof liveTable>, seqs: number[]) => {
    const revealed = new LiveRevealedRows(live.segments.map((segment) => segment.table));
    revealed.keepDeltas(live.deltas.map((delta) => delta.table));
    revealed.add(seqs);
    return (table: Parameters<LiveRevealedRows['of']>[0]) => revealed.of(table);
  };

  it('keeps the revealed rows that match, and only those', () => {
    const live = liveTable(base);
    const revealedOf = revealedOver(live, [2, 3, 4, 500, 999]);
    expect(revealedSeqsMatching(live, normalizeFilters({ jobTitles: ['cto'] }), revealedOf).sort((a, b) => a - b)).toEqual([2, 4, 500]);
    expect(revealedSeqsMatching(live, normalizeFilters({}), revealedOf).sort((a, b) => a - b)).toEqual([2, 3, 4, 500, 999]);
    expect(revealedSeqsMatching(live, normalizeFilters({ countryCodes: ['DE'] }), revealedOf)).toEqual([]);
  });

  it('reads a changed lead as it is now, and a new one from its delta', () => {
    // Seq 4 is a clerk now, seq 3 a CTO, and seq 1,001 a new CTO.
    const live = withChanges(liveTable(base), [change(4, 'Clerk'), change(3, 'CTO'), change(rows + 1, 'CTO')]);
    const revealedOf = revealedOver(live, [2, 3, 4, rows + 1]);
    const matched = revealedSeqsMatching(live, normalizeFilters({ jobTitles: ['cto'] }), revealedOf).sort((a, b) => a - b);
    expect(matched).toEqual([2, 3, rows + 1]);
  });

  it('finds nothing for an account that revealed nothing', () => {
    const live = liveTable(base);
    expect(revealedSeqsMatching(live, normalizeFilters({}), revealedOver(live, []))).toEqual([]);
  });
});
