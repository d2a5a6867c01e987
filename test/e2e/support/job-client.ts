import { http, HttpResult } from './http';
import { untilFinished } from './job-finished';

/** What the scrape and enrichment clients of /api/v1 share: the key they call with, the account's balance, the wait for a job. */
export abstract class JobClient {
  protected abstract readonly kind: string;

  constructor(
    readonly baseUrl: string,
    protected readonly apiKey: string,
  ) {}

  abstract status(id: string): Promise<HttpResult>;

  async balance(): Promise<number> {
    return (await http(this.baseUrl, 'GET', '/api/v1/credits', { apiKey: this.apiKey })).body.balance;
  }

  finished(id: string, timeoutMs = 30_000) {
    return untilFinished(`${this.kind} ${id}`, async () => (await this.status(id)).body, timeoutMs);
  }
}
