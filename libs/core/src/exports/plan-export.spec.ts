import { planExport } from './plan-export';

describe('planExport', () => {
  it('delivers the limit when matches and balance allow', () => {
    expect(planExport(100, 5000, 300)).toEqual({ rows: 100, capped: false, note: null });
  });

  it('delivers what is left when fewer leads match, and says so', () => {
    expect(planExport(100, 40, 300)).toMatchObject({ rows: 40, capped: false });
    expect(planExport(100, 0, 300)).toMatchObject({ rows: 0, capped: false });
    expect(planExport(100, 40, 300).note).toContain('40');
  });

  it('stops at the balance', () => {
    expect(planExport(100, 5000, 30)).toEqual({
      rows: 30,
      capped: true,
      note: "Delivery stopped at the account's balance: 30 of 100 rows (1 credit per row).",
    });
    expect(planExport(100, 5000, 0)).toMatchObject({ rows: 0, capped: true });
  });

  it('never exceeds 50,000 rows', () => {
    expect(planExport(80_000, 90_000, 1_000_000).rows).toBe(50_000);
  });
});
