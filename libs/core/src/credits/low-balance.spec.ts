import { judgeLowBalance } from './low-balance';

describe('judgeLowBalance', () => {
  it('is low below a day of the last week’s pace', () => {
    expect(judgeLowBalance({ balance: 99, threshold: null, netSpentLast7Days: 700 })).toEqual({ low: true, dailySpend7d: 100 });
    expect(judgeLowBalance({ balance: 100, threshold: null, netSpentLast7Days: 700 })).toEqual({ low: false, dailySpend7d: 100 });
  });

  it('is low below the owner’s threshold, whatever the pace', () => {
    expect(judgeLowBalance({ balance: 499, threshold: 500, netSpentLast7Days: 0 }).low).toBe(true);
    expect(judgeLowBalance({ balance: 500, threshold: 500, netSpentLast7Days: 0 }).low).toBe(false);
  });

  it('is never low by pace for an account that spent nothing', () => {
    expect(judgeLowBalance({ balance: 0, threshold: null, netSpentLast7Days: 0 }).low).toBe(false);
    expect(judgeLowBalance({ balance: 0, threshold: null, netSpentLast7Days: -20 }).dailySpend7d).toBe(0);
  });
});
