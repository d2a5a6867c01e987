import { generateContacts } from '../synthetic';
import { cachedRows } from './row-bitmap-cache';
import { syntheticLeadTable } from '../../../testing/leads/synthetic-lead-tables';

describe('cachedRows', () => {
  const table = syntheticLeadTable([...generateContacts(100, 3)].map((contact, index) => [index + 1, contact] as const));

  it('counts each key toward its budget, so entries without a bitmap cannot pile up', () => {
    let builds = 0;
    const build = () => (builds++, null);
    const longKey = (index: number) => `${index} ${'k'.repeat(1 << 20)}`;
    cachedRows(table, longKey(0), build);
    cachedRows(table, longKey(0), build);
    expect(builds).toBe(1);
    // 2 MB a key: the 32 MB budget keeps about 16 of them, so the first is gone after 20 more.
    for (let index = 1; index <= 20; index++) cachedRows(table, longKey(index), build);
    cachedRows(table, longKey(20), build);
    expect(builds).toBe(21);
    cachedRows(table, longKey(0), build);
    expect(builds).toBe(22);
  });

  it('keeps a bitmap once built, the most recently used last out', () => {
    let builds = 0;
    const bitmap = new Int32Array(4);
    const build = () => (builds++, bitmap);
    expect(cachedRows(table, 'a', build)).toBe(bitmap);
    expect(cachedRows(table, 'a', build)).toBe(bitmap);
    expect(builds).toBe(1);
  });
});
