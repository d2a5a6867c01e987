import { normalizeFilters } from '../normalize-filters';
import { LeadTableBuilder } from '../query/lead-table';
import { ChangedContact, liveTable, withChanges } from './live-lead-table';
import { scanLiveLeads } from './scan-live-leads';

describe('scanLiveLeads under a per-company cap, stopping once the page is filled', () => {
  const rows = 300_000;
  const company = { id: 0, industry: 'Retail', sizeBucket: '11 to 50', companyType: 'private', description: '' };
  const base = (() => {
    const builder = new LeadTableBuilder({ contacts: rows, companies: 1 });
    const index = builder.addCompany(company);
    for (let seq = 1; seq <= rows; seq++)
      builder.addContact({
        seq,
        companyIndex: index,
        jobTitle: seq % 3 === 0 ? 'CTO' : 'Clerk',
        seniority: '',
        department: '',
        countryCode: 'US',
      });
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
  // Seq 3 is a clerk now, seq 4 a CTO, and seq 300,001 a new CTO: deltas before, inside and after the base's rows.
  const live = withChanges(withChanges(liveTable(base), [change(3, 'Clerk'), change(4, 'CTO')]), [change(rows + 1, 'CTO')]);
  // The cap never bites; it only makes rows be visited one by one.
  const filters = normalizeFilters({ jobTitles: ['cto'], maxPerCompany: rows });

  it('walks base and deltas in seq order when never told to stop', () => {
    const result = scanLiveLeads(live, filters, { offset: 0, limit: 4, stopOnceFilled: () => false });
    expect(result).toMatchObject({ matched: rows / 3 + 1, available: rows / 3 + 1, scanned: rows + 1 });
    expect(result.page).toEqual([4, 6, 9, 12]);
    expect(scanLiveLeads(live, filters, { offset: rows / 3 - 1, limit: 5 }).page).toEqual([300_000, 300_001]);
  });

  it('stops at a check after the page is filled, with the page it would have given and the rows it saw', () => {
    let asked = 0;
    const result = scanLiveLeads(live, filters, { offset: 30_000, limit: 10, stopOnceFilled: () => ++asked >= 1 });
    expect(result.page).toEqual(scanLiveLeads(live, filters, { offset: 30_000, limit: 10 }).page);
    expect(result.page[0]).toBe(90_003);
    expect(asked).toBe(1);
    expect(result.scanned).toBeGreaterThan(90_003);
    expect(result.scanned).toBeLessThan(rows);
    // What it saw is a third CTOs, so the total a caller extrapolates from it is close to the truth.
    expect(Math.abs(result.available - result.scanned / 3)).toBeLessThan(64);
  });
});
