import { nearestValues } from './nearest-values';

const SENIORITIES = ['Intern', 'Entry', 'Senior', 'Manager', 'Director', 'VP', 'C-Suite', 'Partner', 'Owner'];
const INDUSTRIES = [
  'Computer Software',
  'Computer Hardware',
  'Computer Networking',
  'Information Technology and Services',
  'Marketing and Advertising',
  'Higher Education',
  'Government Administration',
];
const SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1 to 10', '11 to 50', '51 to 100', '101 to 250', '251 to 500', '501 to 1000'];

describe('nearestValues', () => {
  it('answers the value alone when it differs only in case, accents, spaces or punctuation', () => {
    expect(nearestValues('c-suite', SENIORITIES)).toEqual(['C-Suite']);
    expect(nearestValues('C SUITE', SENIORITIES)).toEqual(['C-Suite']);
    expect(nearestValues('csuite', SENIORITIES)).toEqual(['C-Suite']);
    expect(nearestValues('Dírector', SENIORITIES)).toEqual(['Director']);
    expect(nearestValues('computer-software', INDUSTRIES)).toEqual(['Computer Software']);
  });

  it('suggests the values that share the first word or contain it before merely close ones', () => {
    expect(nearestValues('C-Level', SENIORITIES)).toEqual(['C-Suite']);
    expect(nearestValues('Director of Sales', SENIORITIES)).toEqual(['Director']);
    expect(nearestValues('Software', INDUSTRIES)).toEqual(['Computer Software']);
    expect(nearestValues('USA', ['US', 'CA', 'GB'])).toEqual(['US']);
  });

  it('orders related values by edit distance', () => {
    expect(nearestValues('Computer Softwares', INDUSTRIES)).toEqual(['Computer Software', 'Computer Hardware', 'Computer Networking']);
    expect(nearestValues('51-100', SIZES)).toEqual(['51-200', '51 to 100']);
  });

  it('corrects a typo by edit distance', () => {
    expect(nearestValues('Marketting and Advertising', INDUSTRIES)).toEqual(['Marketing and Advertising']);
    expect(nearestValues('Manger', SENIORITIES)).toEqual(['Manager']);
    expect(nearestValues('Higher Educaton', INDUSTRIES)).toEqual(['Higher Education']);
  });

  it('suggests nothing when no value is close', () => {
    expect(nearestValues('Underwater Basket Weaving', INDUSTRIES)).toEqual([]);
    expect(nearestValues('Galactic Emperor', SENIORITIES)).toEqual([]);
    expect(nearestValues('---', SENIORITIES)).toEqual([]);
    expect(nearestValues('C-Level', [])).toEqual([]);
  });

  it('answers at most `most` values, each once, the same whatever the order of the candidates', () => {
    expect(nearestValues('Computer Softwares', INDUSTRIES, 1)).toEqual(['Computer Software']);
    expect(nearestValues('C-Level', ['C-Suite', 'C-Suite'])).toEqual(['C-Suite']);
    expect(nearestValues('Computer Softwares', [...INDUSTRIES].reverse())).toEqual(nearestValues('Computer Softwares', INDUSTRIES));
    expect(nearestValues('sales', ['Sales', 'SALES'])).toEqual(['SALES', 'Sales']);
  });
});
