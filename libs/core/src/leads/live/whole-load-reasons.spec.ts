import { generateContacts } from '../synthetic';
import { syntheticLeadTable } from '../../../testing/leads/synthetic-lead-tables';
import { liveTable, withChanges } from './live-lead-table';
import { syntheticChange } from '../../../testing/leads/synthetic-change';
import { reasonToLoadWholeInstead, reasonToMerge } from './whole-load-reasons';

describe('when a live table is loaded whole rather than given a delta', () => {
  const loaded = { dataset: 'd1', reloadVersion: '4' };

  it('takes a delta of a few changes at the same dataset and reload version', () => {
    expect(reasonToLoadWholeInstead(loaded, 10_000, { ...loaded, changedContacts: 500 })).toBeNull();
  });

  it('loads whole for another dataset, a moved reload version, or one change past 5% of the table (at least 100)', () => {
    expect(reasonToLoadWholeInstead(loaded, 10_000, { dataset: 'd2', reloadVersion: '4', changedContacts: 1 })).toBe(
      'another dataset was loaded',
    );
    expect(reasonToLoadWholeInstead(loaded, 10_000, { dataset: 'd1', reloadVersion: '5', changedContacts: 1 })).toMatch(/removed/);
    expect(reasonToLoadWholeInstead(loaded, 10_000, { ...loaded, changedContacts: 501 })).toMatch(/^501 contacts changed at once/);
    // A small table takes a delta of up to 100 contacts.
    expect(reasonToLoadWholeInstead(loaded, 12, { ...loaded, changedContacts: 100 })).toBeNull();
    expect(reasonToLoadWholeInstead(loaded, 12, { ...loaded, changedContacts: 101 })).not.toBeNull();
  });

  it('merges once the deltas hold more than 5% of the base (at least 100)', () => {
    const pool = [...generateContacts(2400, 3)];
    const base = syntheticLeadTable(pool.slice(0, 2200).map((contact, index) => [index + 1, contact]));
    const add = (count: number, from: number) =>
      pool.slice(2200, 2200 + count).map((contact, index) => syntheticChange(from + index, contact, 0));
    const within = withChanges(liveTable(base), add(110, 3000));
    expect(reasonToMerge(within)).toBeNull();
    expect(reasonToMerge(withChanges(within, add(1, 4000)))).toMatch(/passed 5%/);
  });
});
