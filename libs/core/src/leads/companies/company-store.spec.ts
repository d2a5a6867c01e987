import { containsSubstring, containsWholeWords } from '../text-matching';
import { CompanyStore, decodeCompany, LeadCompanyInput } from './company-store';

const company = (id: number, description = '', industry = 'Retail'): LeadCompanyInput => ({
  id,
  industry,
  sizeBucket: '1 to 10',
  companyType: 'private',
  description,
});

describe('CompanyStore', () => {
  it('finds loaded companies by bisection and those added after by id, each under the key it was given', () => {
    const store = new CompanyStore();
    for (const id of [10, 20, 35]) store.add(company(id));
    expect([store.add(company(21)), store.add(company(5)), store.add(company(40))]).toEqual([3, 4, 5]);
    expect([35, 10, 21, 5, 20, 40, 7].map((id) => store.keyOf(id))).toEqual([2, 0, 3, 4, 1, 5, -1]);
  });

  it('reads descriptions as one dictionary over its chunks, each seal adding one', () => {
    const store = new CompanyStore();
    const texts = ['Data platform for hospitals', 'Coffee roasting', 'Big DATA consulting', 'data-driven retail', 'Roastery café'];
    store.add(company(1, texts[0]));
    store.add(company(2, texts[1]));
    store.seal();
    store.add(company(3, texts[2]));
    store.seal();
    store.add(company(4, texts[3]));
    store.add(company(5, texts[4]));
    expect(store.descriptions.size).toBe(3);
    store.seal();
    expect(store.descriptions.chunks).toHaveLength(3);
    const folded = texts.map((text) => text.toLowerCase());
    for (const term of ['data', 'roast', 'café', 'data-driven', 'hospitals', 'big data']) {
      expect(Array.from(store.descriptions.matching(term, false))).toEqual(folded.map((text) => (containsSubstring(text, term) ? 1 : 0)));
      expect(Array.from(store.descriptions.matching(term, true))).toEqual(folded.map((text) => (containsWholeWords(text, term) ? 1 : 0)));
    }
    expect([0, 1, 2, 3, 4].map((key) => decodeCompany(store, key).description)).toEqual(folded);
    // A term asked again is answered by the same joined array, not joined anew.
    expect(store.descriptions.matching('data', false)).toBe(store.descriptions.matching('data', false));
  });

  it('numbers each firmographic profile once, in the order first seen, across appends', () => {
    const store = new CompanyStore();
    store.add(company(1, '', 'Retail'));
    store.add(company(2, '', 'Banking'));
    store.seal();
    store.add(company(3, '', 'Retail'));
    store.add({ ...company(4, '', 'Retail'), sizeBucket: '11 to 50' });
    expect(Array.from(store.profile.subarray(0, 4))).toEqual([0, 1, 0, 2]);
    expect(Array.from(store.profileCompany.subarray(0, store.profileCount))).toEqual([0, 1, 3]);
  });

  it('keeps the columns of the first companies as they were while it grows past its capacity', () => {
    const store = new CompanyStore({ companies: 4 });
    const first = Array.from({ length: 3000 }, (_, index) => store.add(company(index * 2, `company ${index}`)));
    store.seal();
    for (let index = 0; index < 5000; index++) store.add(company(index * 2 + 1, `later ${index}`));
    store.seal();
    expect(first.map((key) => decodeCompany(store, key))).toEqual(first.map((key) => company(key * 2, `company ${key}`)));
    expect(store.keyOf(2 * 2999)).toBe(2999);
    expect(store.keyOf(2 * 4999 + 1)).toBe(3000 + 4999);
  });

  it('comes back whole from its packed form, keys, profiles and descriptions included, and keeps taking companies', () => {
    const store = new CompanyStore();
    for (const id of [3, 8, 13]) store.add(company(id, `firm ${id}`, id === 8 ? 'Banking' : 'Retail'));
    store.seal();
    store.add(company(1, 'late data firm'));
    const { packed, transfer } = store.pack();
    const copy = CompanyStore.unpack(structuredClone(packed, { transfer }));
    expect(copy.count).toBe(4);
    expect([3, 8, 13, 1, 2].map((id) => copy.keyOf(id))).toEqual([0, 1, 2, 3, -1]);
    expect([0, 1, 2, 3].map((key) => decodeCompany(copy, key))).toEqual([
      company(3, 'firm 3'),
      company(8, 'firm 8', 'Banking'),
      company(13, 'firm 13'),
      company(1, 'late data firm'),
    ]);
    expect(copy.add(company(30, '', 'Banking'))).toBe(4);
    expect(copy.profile[4]).toBe(copy.profile[1]);
    expect(copy.profileCount).toBe(2);
    expect(copy.keyOf(30)).toBe(4);
  });
});
