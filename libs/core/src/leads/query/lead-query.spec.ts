import { revealedRowsOfSeqs } from '../../../testing/leads/revealed-rows-of-seqs';
import { normalizeFilters, RawFilterSet } from '../normalize-filters';
import { countLeads } from './count-leads';
import { compileLeadQuery } from './lead-query';
import { LeadTable, LeadTableBuilder } from './lead-table';
import { scanLeads } from './scan-leads';

function fixture(): LeadTable {
  const builder = new LeadTableBuilder();
  const acme = builder.addCompany({
    industry: 'Computer Software',
    sizeBucket: '51 to 100',
    companyType: 'private',
    description: 'Cloud SaaS for logistics teams',
  });
  const city = builder.addCompany({
    industry: 'Government Administration',
    sizeBucket: '1001 to 5000',
    companyType: 'government',
    description: 'City services and public safety',
  });
  const school = builder.addCompany({
    industry: 'Higher Education',
    sizeBucket: '11 to 50',
    companyType: 'education',
    description: 'A college for AI research',
  });
  const rows: Array<[number, number, string, string, string, string]> = [
    [1, acme, 'Chief Technology Officer', 'C-Suite', 'Engineering', 'US'],
    [2, acme, 'CTO', 'C-Suite', 'Engineering', 'US'],
    [3, acme, 'Director of Sales', 'Director', 'Sales', 'us'],
    [4, city, 'IT Director', 'Director', 'IT', 'US'],
    [5, city, 'Police Officer', 'Entry', 'Operations', 'US'],
    [6, school, 'Professor', 'Senior', 'Education', 'CA'],
    [7, acme, 'Senior Software Engineer', 'Senior', 'Engineering', 'US'],
  ];
  for (const [seq, companyIndex, jobTitle, seniority, department, countryCode] of rows) {
    builder.addContact({ seq, companyIndex, jobTitle, seniority, department, countryCode });
  }
  return builder.build();
}

const table = fixture();
const seqs = (raw: RawFilterSet, excluded: number[] = []) =>
  scanLeads(table, compileLeadQuery(table, normalizeFilters(raw)), { excluded: revealedRowsOfSeqs(table, excluded), limit: 100 }).page;

describe('lead queries over the columnar table', () => {
  it('matches everything without filters, in browse order', () => {
    expect(seqs({})).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('matches short titles as substrings unless exactMatch', () => {
    expect(seqs({ jobTitles: ['cto'] })).toEqual([2, 3, 4]);
    expect(seqs({ jobTitles: ['cto'], exactMatch: true })).toEqual([2]);
    expect(seqs({ jobTitles: ['director'], excludeTitles: ['sales'] })).toEqual([4]);
  });

  it('filters companies by industry, size band, revenue and type', () => {
    expect(seqs({ industry: ['Computer Software'] })).toEqual([1, 2, 3, 7]);
    expect(seqs({ companySize: ['51-200'] })).toEqual([1, 2, 3, 7]);
    expect(seqs({ revenue: ['$250M-1B'] })).toEqual([4, 5]);
    expect(seqs({ companyType: ['education', 'government'] })).toEqual([4, 5, 6]);
    expect(seqs({ industry: ['No Such Industry'] })).toEqual([]);
  });

  it('matches countries case-insensitively and people by seniority and department', () => {
    expect(seqs({ country: ['ca'] })).toEqual([6]);
    expect(seqs({ seniority: ['Director'], department: ['IT'] })).toEqual([4]);
  });

  it('matches keywords against the company description, OR-ed or AND-ed', () => {
    expect(seqs({ includeKeywords: ['saas', 'college'] })).toEqual([1, 2, 3, 6, 7]);
    expect(seqs({ includeKeywords: ['saas', 'college'], matchAny: false })).toEqual([]);
    expect(seqs({ excludeKeywords: ['public safety'] })).toEqual([1, 2, 3, 6, 7]);
  });

  it('caps contacts per company in browse order and counts revealed leads against the cap', () => {
    expect(seqs({ maxPerCompany: 1 })).toEqual([1, 4, 6]);
    expect(seqs({ maxPerCompany: 2 }, [1])).toEqual([2, 4, 5, 6]);
  });

  it('leaves revealed leads out of pages and of what is available, not of what matched', () => {
    const result = scanLeads(table, compileLeadQuery(table, normalizeFilters({})), {
      excluded: revealedRowsOfSeqs(table, [2, 5]),
      offset: 1,
      limit: 2,
    });
    expect(result).toEqual({ matched: 7, available: 5, page: [3, 4], scanned: 7 });
  });

  it('counts firmographic totals, the narrowing filter and each keyword', () => {
    const count = countLeads(table, normalizeFilters({ industry: ['Computer Software'], jobTitles: ['professor'] }));
    expect(count).toEqual({
      basis: 'exact',
      sample: null,
      firmographicTotal: 4,
      total: 0,
      narrowedBy: { filter: 'jobTitles', before: 4, after: 0 },
      keywords: null,
    });
    expect(countLeads(table, normalizeFilters({ includeKeywords: ['saas', 'college'] })).keywords).toEqual({ saas: 4, college: 1 });
  });
});

describe('scanLeads stopping once the page is filled', () => {
  const rows = 300_000;
  const big = (() => {
    const builder = new LeadTableBuilder({ contacts: rows, companies: 1 });
    const company = builder.addCompany({ industry: 'Retail', sizeBucket: '11 to 50', companyType: 'private', description: '' });
    for (let seq = 1; seq <= rows; seq++) {
      builder.addContact({
        seq,
        companyIndex: company,
        jobTitle: seq % 3 === 0 ? 'CTO' : 'Clerk',
        seniority: '',
        department: '',
        countryCode: 'US',
      });
    }
    return builder.build();
  })();
  // Only a per-company cap needs rows visited one by one; the cap here never bites.
  const query = compileLeadQuery(big, normalizeFilters({ jobTitles: ['cto'], maxPerCompany: rows }));

  it('never asks without a cap: the total is a popcount', () => {
    let asked = 0;
    const uncapped = compileLeadQuery(big, normalizeFilters({ jobTitles: ['cto'] }));
    const result = scanLeads(big, uncapped, { offset: 30_000, limit: 10, stopOnceFilled: () => ++asked >= 1 });
    expect(result).toMatchObject({ matched: rows / 3, available: rows / 3, scanned: rows });
    expect(result.page[0]).toBe(90_003);
    expect(asked).toBe(0);
  });

  it('scans everything when never told to stop', () => {
    const result = scanLeads(big, query, { limit: 10, stopOnceFilled: () => false });
    expect(result).toMatchObject({ matched: rows / 3, available: rows / 3, scanned: rows });
    expect(result.page).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
  });

  it('stops at the first check after the page is filled, counting only the rows it saw', () => {
    let asked = 0;
    const result = scanLeads(big, query, { offset: 30_000, limit: 10, stopOnceFilled: () => ++asked >= 1 });
    expect(result.scanned).toBe(131_072);
    expect(result.available).toBe(Math.floor(131_071 / 3));
    expect(result.page[0]).toBe(90_003);
    expect(result.page).toHaveLength(10);
    expect(asked).toBe(1);
  });

  it('never stops before the page is filled', () => {
    const result = scanLeads(big, query, { offset: 99_995, limit: 10, stopOnceFilled: () => true });
    expect(result.page).toEqual([299_988, 299_991, 299_994, 299_997, 300_000]);
    expect(result.scanned).toBe(rows);
  });
});

describe('LeadTableBuilder seq column', () => {
  const build = (seqs: number[]) => {
    const builder = new LeadTableBuilder();
    const company = builder.addCompany({ industry: 'Retail', sizeBucket: '', companyType: 'private', description: '' });
    for (const seq of seqs)
      builder.addContact({ seq, companyIndex: company, jobTitle: 'Clerk', seniority: '', department: '', countryCode: 'US' });
    return builder.build();
  };

  it('stays 32-bit while every seq fits and widens, keeping earlier rows, when one does not', () => {
    expect(build([1, 2, 0xffffffff]).seq).toBeInstanceOf(Uint32Array);
    const wide = build([7, 2 ** 40 + 1, 2 ** 40 + 3]);
    expect(wide.seq).toBeInstanceOf(Float64Array);
    expect(Array.from(wide.seq)).toEqual([7, 2 ** 40 + 1, 2 ** 40 + 3]);
    const table = wide;
    expect(
      scanLeads(table, compileLeadQuery(table, normalizeFilters({})), { excluded: revealedRowsOfSeqs(table, [2 ** 40 + 1]), limit: 5 }).page,
    ).toEqual([7, 2 ** 40 + 3]);
  });
});

describe('LeadTableBuilder id columns', () => {
  it('widen as dictionaries outgrow 8 and 16 bits, keeping every id', () => {
    const builder = new LeadTableBuilder();
    const company = builder.addCompany({ industry: 'Retail', sizeBucket: '', companyType: 'private', description: '' });
    const titles = 70_000;
    for (let seq = 1; seq <= titles; seq++) {
      builder.addContact({
        seq,
        companyIndex: company,
        jobTitle: `Title ${seq}`,
        seniority: `S${seq % 300}`,
        department: 'Ops',
        countryCode: 'US',
      });
    }
    const table = builder.build();
    expect(table.title).toBeInstanceOf(Uint32Array);
    expect(table.seniority).toBeInstanceOf(Uint16Array);
    expect(table.department).toBeInstanceOf(Uint8Array);
    expect(table.titles.value(table.title[69_999])).toBe('title 70000');
    expect(table.titles.value(table.title[300])).toBe('title 301');
    expect(table.seniorities[table.seniority[299]]).toBe('S0');
    const query = compileLeadQuery(table, normalizeFilters({ jobTitles: ['title 65537'], exactMatch: true }));
    expect(scanLeads(table, query, { limit: 5 }).page).toEqual([65_537]);
  });
});
