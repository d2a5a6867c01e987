import { Prng } from './prng';
import { WeightedChoice } from './weighted-choice';

describe('WeightedChoice', () => {
  it('picks in proportion to the weights and never a zero weight', () => {
    const choice = new WeightedChoice([
      ['never', 0],
      ['rare', 1],
      ['common', 3],
      ['never either', 0],
    ] as const);
    const random = new Prng(5);
    const counts = new Map<string, number>();
    for (let i = 0; i < 40_000; i++) {
      const item = choice.pick(random);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['common', 'rare']);
    expect((counts.get('common') ?? 0) / 40_000).toBeCloseTo(0.75, 1);
  });

  it('refuses weights that cannot be drawn from', () => {
    expect(() => new WeightedChoice([['a', 0]])).toThrow(RangeError);
    expect(
      () =>
        new WeightedChoice([
          ['a', -1],
          ['b', 2],
        ]),
    ).toThrow(RangeError);
    expect(() => new WeightedChoice([['a', Number.NaN]])).toThrow(RangeError);
    expect(() => new WeightedChoice([])).toThrow(RangeError);
  });
});
