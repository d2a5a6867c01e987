import { editDistance } from './edit-distance';

describe('editDistance', () => {
  it('is 0 for equal texts and the length of the other for an empty one', () => {
    expect(editDistance('sales', 'sales')).toBe(0);
    expect(editDistance('', 'sales')).toBe(5);
    expect(editDistance('sales', '')).toBe(5);
    expect(editDistance('', '')).toBe(0);
  });

  it('counts insertions, deletions and substitutions alike', () => {
    expect(editDistance('us', 'usa')).toBe(1);
    expect(editDistance('usa', 'us')).toBe(1);
    expect(editDistance('marketting', 'marketing')).toBe(1);
    expect(editDistance('finanse', 'finance')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('flaw', 'lawn')).toBe(2);
  });

  it('is symmetric', () => {
    for (const [a, b] of [
      ['clevel', 'csuite'],
      ['51100', '51to100'],
      ['director', 'directors'],
    ]) {
      expect(editDistance(a, b)).toBe(editDistance(b, a));
    }
  });

  it('answers most + 1 as soon as the distance is sure to be larger than most', () => {
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
    expect(editDistance('engineering', 'legal', 1)).toBe(2);
  });
});
