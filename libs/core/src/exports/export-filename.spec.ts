import { exportFilename } from './export-filename';

describe('exportFilename', () => {
  it('names the file after the UTC day it completed and its row count', () => {
    expect(exportFilename(new Date('2026-11-22T23:59:59.999Z'), 1234)).toBe('lead-engine-export-2026-11-22-1234.csv');
    expect(exportFilename(new Date('2026-01-02T00:00:00Z'), 0)).toBe('lead-engine-export-2026-01-02-0.csv');
  });
});
