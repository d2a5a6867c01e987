import { parseTargetIcp } from './target-profile';

describe('parseTargetIcp', () => {
  it('reads roles, levels, sectors, size and country', () => {
    const target = parseTargetIcp('CTOs and VPs of Engineering at B2B SaaS companies with 50-500 employees in the US');
    expect([...target.role.functions].sort()).toEqual(['engineering', 'technology']);
    expect(target.role.levels).toEqual(['c-level', 'vp']);
    expect(target.sectors).toEqual(['Technology']);
    expect(target.size).toEqual({ min: 50, max: 500 });
    expect(target.countries).toEqual(['US']);
    expect(target.keywords).toEqual(['b2b']);
  });

  it.each([
    ['Founders of startups', { min: 1, max: 50 }],
    ['Marketing leaders at mid-sized hospitals', { min: 100, max: 1000 }],
    ['Enterprise retailers', { min: 1000, max: Infinity }],
    ['Clinics with more than 20 employees', { min: 20, max: Infinity }],
    ['Agencies under 10 staff', { min: 1, max: 10 }],
    ['Manufacturers with 1k-5k employees', { min: 1000, max: 5000 }],
    ['Manufacturers with 200+ employees', { min: 200, max: Infinity }],
    ['Anyone', null],
  ])('reads the size in "%s"', (text, size) => {
    expect(parseTargetIcp(text).size).toEqual(size);
  });

  it('tells the country US from the pronoun us, and names company types', () => {
    expect(parseTargetIcp('Teams like us who sell to nonprofits').countries).toEqual([]);
    expect(parseTargetIcp('Teams like us who sell to nonprofits').companyTypes).toEqual(['nonprofit']);
    expect(parseTargetIcp('School districts and universities in North America')).toMatchObject({
      companyTypes: ['education'],
      countries: ['US', 'CA'],
    });
    expect(parseTargetIcp('Decision makers in government').role.leadership).toBe(true);
  });
});
