import { clampScore, fitForGrade, gradeForScore } from './icp-grade';

describe('ICP grade and fit (contract §5)', () => {
  it.each([
    [100, 'A', 'high'],
    [80, 'A', 'high'],
    [79, 'B', 'medium'],
    [60, 'B', 'medium'],
    [59, 'C', 'low'],
    [40, 'C', 'low'],
    [39, 'D', 'low'],
    [0, 'D', 'low'],
  ])('score %i is grade %s, fit %s', (score, grade, fit) => {
    expect(gradeForScore(score)).toBe(grade);
    expect(fitForGrade(gradeForScore(score))).toBe(fit);
  });

  it('clamps scores to whole numbers from 0 to 100', () => {
    expect([clampScore(72.4), clampScore(-3), clampScore(140), clampScore(Number.NaN)]).toEqual([72, 0, 100, 0]);
  });
});
