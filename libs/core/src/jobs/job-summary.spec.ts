import { describeJob, jobProgressPercent, SUMMARY_FILENAME_MAX } from './job-summary';

describe('describeJob', () => {
  it('says how many rows an export delivered of its limit, or may deliver before it ran', () => {
    expect(describeJob({ type: 'export', status: 'completed', requestedLimit: 5000, deliveredRows: 1204 })).toBe('1,204 of 5,000 rows');
    expect(describeJob({ type: 'export', status: 'completed', requestedLimit: 1, deliveredRows: 1 })).toBe('1 of 1 row');
    expect(describeJob({ type: 'export', status: 'completed', requestedLimit: 10, deliveredRows: 0 })).toBe('0 of 10 rows');
    expect(describeJob({ type: 'export', status: 'queued', requestedLimit: 5000, deliveredRows: 0 })).toBe('up to 5,000 rows');
    expect(describeJob({ type: 'export', status: 'running', requestedLimit: 1, deliveredRows: 0 })).toBe('up to 1 row');
    expect(describeJob({ type: 'export', status: 'failed', requestedLimit: 25, deliveredRows: 0 })).toBe('up to 25 rows');
  });

  it('counts a scrape’s sites and, once some are read, those without text', () => {
    expect(describeJob({ type: 'scrape', total: 12, done: 12, ok: 12 })).toBe('12 sites');
    expect(describeJob({ type: 'scrape', total: 12, done: 12, ok: 9 })).toBe('12 sites, 3 without text');
    expect(describeJob({ type: 'scrape', total: 1, done: 0, ok: 0 })).toBe('1 site');
    expect(describeJob({ type: 'scrape', total: 2500, done: 1200, ok: 0 })).toBe('2,500 sites, 1,200 without text');
  });

  it('gives an enrichment’s rows and fields, with its file’s name when that is short', () => {
    expect(describeJob({ type: 'enrichment', rows: 120, fields: 2, filename: 'leads.csv' })).toBe('leads.csv: 120 rows × 2 fields');
    expect(describeJob({ type: 'enrichment', rows: 1, fields: 1, filename: '' })).toBe('1 row × 1 field');
    expect(describeJob({ type: 'enrichment', rows: 10000, fields: 17, filename: '  ' })).toBe('10,000 rows × 17 fields');
    const long = `${'q'.repeat(SUMMARY_FILENAME_MAX - 3)}.csv`;
    expect(describeJob({ type: 'enrichment', rows: 3, fields: 2, filename: long })).toBe('3 rows × 2 fields');
    const fits = `${'é'.repeat(SUMMARY_FILENAME_MAX - 4)}.csv`;
    expect(describeJob({ type: 'enrichment', rows: 3, fields: 2, filename: fits })).toBe(`${fits}: 3 rows × 2 fields`);
  });
});

describe('jobProgressPercent', () => {
  it('rounds, keeps an unfinished job below 100 and a completed one at 100', () => {
    expect(jobProgressPercent(33.3, false)).toBe(33);
    expect(jobProgressPercent(66.7, false)).toBe(67);
    expect(jobProgressPercent(99.9, false)).toBe(99);
    expect(jobProgressPercent(100, false)).toBe(99);
    expect(jobProgressPercent(0, false)).toBe(0);
    expect(jobProgressPercent(50, true)).toBe(100);
  });
});
