import { companyTypeForIndustry, INDUSTRIES_BY_COMPANY_TYPE } from '../company-derivations';
import { CATEGORY_VOCABULARY } from './category-vocabulary';
import { SYNTHETIC_CATEGORIES, SYNTHETIC_INDUSTRIES } from './industry-taxonomy';

describe('SYNTHETIC_INDUSTRIES', () => {
  const names = SYNTHETIC_INDUSTRIES.map((industry) => industry.name);

  it('has over a hundred distinct industries', () => {
    expect(names.length).toBeGreaterThanOrEqual(100);
    expect(new Set(names).size).toBe(names.length);
  });

  it('can produce every industry that makes a company government, nonprofit or education', () => {
    for (const industry of Object.values(INDUSTRIES_BY_COMPANY_TYPE).flat()) {
      const weight = SYNTHETIC_INDUSTRIES.find((candidate) => candidate.name === industry)?.weight ?? 0;
      expect([industry, weight > 0]).toEqual([industry, true]);
    }
  });

  it('files non-private industries under the matching category', () => {
    for (const industry of SYNTHETIC_INDUSTRIES) {
      const type = companyTypeForIndustry(industry.name);
      if (type === 'government') expect(industry.category).toBe('Government');
      if (type === 'nonprofit') expect(industry.category).toBe('Nonprofit');
      if (type === 'education') expect(industry.category).toBe('Education');
    }
  });

  it('includes the common industries', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'Computer Software',
        'Information Technology and Services',
        'Hospital & Health Care',
        'Financial Services',
        'Marketing and Advertising',
        'Real Estate',
        'Construction',
        'Retail',
      ]),
    );
  });

  it('gives every category industries and a vocabulary', () => {
    for (const category of SYNTHETIC_CATEGORIES) {
      expect(SYNTHETIC_INDUSTRIES.some((industry) => industry.category === category)).toBe(true);
      const words = CATEGORY_VOCABULARY[category];
      for (const list of [words.nameWords, words.focuses, words.audiences, words.outcomes, words.tlds]) {
        expect(list.length).toBeGreaterThan(0);
      }
    }
  });
});
