import type { EngineApi } from '../support/engine-api';
import { timed } from '../support/engine-cli';
import { QUERY_MIX } from './query-mix';

/** One answered request: which kind, when it started (performance.now()), and how long it took. */
export interface LatencySample {
  kind: 'count' | 'browse';
  at: number;
  ms: number;
}

/**
 * One pass over the query mix, one request at a time: each query's count, then its browse page 1,
 * limit 25. Stops between requests once `stopped` says so.
 */
export async function queryRound(api: EngineApi, samples: LatencySample[], stopped = () => false): Promise<void> {
  for (const query of QUERY_MIX) {
    const requests: Array<[LatencySample['kind'], () => Promise<unknown>]> = [
      ['count', () => api('countLeads', { body: query.filters })],
      ['browse', () => api('browseLeads', { body: { ...query.filters, page: 1, limit: 25 } })],
    ];
    for (const [kind, request] of requests) {
      if (stopped()) return;
      const at = performance.now();
      const { ms } = await timed(request);
      samples.push({ kind, at, ms });
    }
  }
}

/** The query mix, round after round, one request at a time, until stopped: the load a live import meets. */
export class QueryLoad {
  readonly samples: LatencySample[] = [];
  private stopping = false;
  private readonly running: Promise<void>;

  constructor(api: EngineApi) {
    this.running = (async () => {
      while (!this.stopping) await queryRound(api, this.samples, () => this.stopping);
    })();
    // A failed request fails the phase when it stops the load; until then it must not go unhandled.
    this.running.catch(() => undefined);
  }

  /** Waits for the request in flight; rethrows a request that failed. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Latencies of the requests of a kind that started from `from` to `to`. */
  between(kind: LatencySample['kind'], from: number, to: number): number[] {
    return this.samples.filter((sample) => sample.kind === kind && sample.at >= from && sample.at <= to).map(({ ms }) => ms);
  }
}
