import { ENRICHMENT_FIELD_IDS } from '@lead-engine/contracts';
import { enrichmentCost, enrichmentRefund } from './enrichment-cost';

describe('enrichment cost', () => {
  it('holds rows × (custom_* 2, full_email 0, every other field 1) and says so', () => {
    expect(enrichmentCost(120, ['opener', 'custom_ps_line', 'full_email'])).toEqual({
      perRow: 3,
      total: 360,
      explained:
        '120 rows × (opener 1 + custom_ps_line 2 + full_email 0) = 360 credits held; cells left empty are refunded when the job finishes',
    });
    expect(enrichmentCost(1, ['opener']).explained).toMatch(/^1 row × \(opener 1\) = 1 credit held/);
    expect(enrichmentCost(10, [...ENRICHMENT_FIELD_IDS]).total).toBe(280);
  });

  it('refunds each empty cell at its field cost', () => {
    expect(enrichmentRefund({ opener: 2, custom_two_liner: 3, full_email: 5 })).toBe(2 + 6);
    expect(enrichmentRefund({})).toBe(0);
  });
});
