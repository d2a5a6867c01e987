import { CompanyPositions } from './company-positions';

describe('CompanyPositions', () => {
  const ids = [3, 7, 8, 20, 1_000_000_000_123];
  const positions = new CompanyPositions(ids.length);
  ids.forEach((id, position) => positions.add(id, position));

  it('finds every company, in any order of asking', () => {
    for (const index of [4, 0, 0, 2, 1, 3, 3, 4]) expect(positions.positionOf(ids[index])).toBe(index);
  });

  it('refuses an id that is not there, and companies out of order', () => {
    expect(() => positions.positionOf(9)).toThrow('company 9');
    expect(() => new CompanyPositions(2).add(5, 1)).toThrow('out of order');
  });
});
