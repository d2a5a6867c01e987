export interface EnrichmentPace {
  rate_per_second: number | null;
  eta_seconds: number | null;
  eta_low_seconds: number | null;
  eta_high_seconds: number | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Rows per second so far and the time left at that pace. The range widens when few rows are done:
 * the rate measured from n rows is trusted to about ±1.5/√n of itself (never better than ±10%).
 */
export function enrichmentPace(done: number, total: number, elapsedSeconds: number | null): EnrichmentPace {
  if (done >= total)
    return {
      rate_per_second: elapsedSeconds && elapsedSeconds > 0 ? round1(done / elapsedSeconds) : null,
      eta_seconds: 0,
      eta_low_seconds: null,
      eta_high_seconds: null,
    };
  if (!elapsedSeconds || elapsedSeconds <= 0 || done === 0)
    return { rate_per_second: null, eta_seconds: null, eta_low_seconds: null, eta_high_seconds: null };
  const rate = done / elapsedSeconds;
  const eta = (total - done) / rate;
  const spread = Math.max(0.1, 1.5 / Math.sqrt(done));
  return {
    rate_per_second: round1(rate),
    eta_seconds: Math.ceil(eta),
    eta_low_seconds: Math.floor(eta / (1 + spread)),
    eta_high_seconds: Math.ceil(eta * (1 + spread)),
  };
}

/** A first guess before anything ran: rows shared by the lanes a worker runs at once, each taking `secondsPerRow`. */
export function estimateEnrichmentSeconds(rows: number, lanes: number, secondsPerRow: number): number {
  return Math.max(1, Math.ceil((rows / Math.max(1, lanes)) * secondsPerRow) + 1);
}

export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done / total) * 1000) / 10);
}
