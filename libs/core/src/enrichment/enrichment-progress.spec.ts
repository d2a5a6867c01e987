import { enrichmentPace, estimateEnrichmentSeconds, progressPercent } from './enrichment-progress';

describe('enrichment progress', () => {
  it('knows no pace before the first row', () => {
    expect(enrichmentPace(0, 100, 5)).toEqual({ rate_per_second: null, eta_seconds: null, eta_low_seconds: null, eta_high_seconds: null });
    expect(enrichmentPace(10, 100, null).eta_seconds).toBeNull();
  });

  it('gives the rate, the time left and a range that narrows as rows are done', () => {
    const early = enrichmentPace(4, 100, 2);
    expect(early).toEqual({ rate_per_second: 2, eta_seconds: 48, eta_low_seconds: 27, eta_high_seconds: 84 });
    const late = enrichmentPace(900, 1000, 90);
    expect(late).toEqual({ rate_per_second: 10, eta_seconds: 10, eta_low_seconds: 9, eta_high_seconds: 11 });
  });

  it('is done at the end', () => {
    expect(enrichmentPace(100, 100, 20)).toEqual({ rate_per_second: 5, eta_seconds: 0, eta_low_seconds: null, eta_high_seconds: null });
  });

  it('estimates before the start and reports progress in tenths of a percent', () => {
    expect(estimateEnrichmentSeconds(1000, 32, 1)).toBe(33);
    expect(estimateEnrichmentSeconds(1, 32, 1)).toBe(2);
    expect([progressPercent(1, 3), progressPercent(3, 3), progressPercent(0, 0)]).toEqual([33.3, 100, 100]);
  });
});
