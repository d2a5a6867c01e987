import { http } from './http';
import { JobClient } from './job-client';

/** Scrape endpoints driven over HTTP, as a client would. */
export class ScrapeClient extends JobClient {
  protected readonly kind = 'scrape';

  start(domains: unknown, headers: Record<string, string> = {}) {
    return http(this.baseUrl, 'POST', '/api/v1/scrape/jobs', { apiKey: this.apiKey, body: { domains }, headers });
  }

  status(id: string) {
    return http(this.baseUrl, 'GET', `/api/v1/scrape/jobs/${id}`, { apiKey: this.apiKey });
  }

  list() {
    return http(this.baseUrl, 'GET', '/api/v1/scrape/jobs', { apiKey: this.apiKey });
  }

  results(id: string, query = '') {
    return http(this.baseUrl, 'GET', `/api/v1/scrape/jobs/${id}/results${query}`, { apiKey: this.apiKey });
  }

  resultsCsv(id: string, query = '') {
    return http(this.baseUrl, 'GET', `/api/v1/scrape/jobs/${id}/results/csv${query}`, { apiKey: this.apiKey });
  }

  /** Starts a job, waits for it and returns the job and every result item. */
  async scrape(domains: unknown) {
    const created = await this.start(domains);
    if (created.status !== 202) throw new Error(`start answered ${created.status}: ${created.text}`);
    const job = await this.finished(created.body.id);
    const items = (await this.results(job.id, '?limit=1000')).body.items as Array<{
      domain: string;
      status: string;
      reason: string | null;
      http_status: number | null;
      text: string;
      chars: number;
      cached: boolean;
    }>;
    return { job, items, byDomain: new Map(items.map((item) => [item.domain, item])) };
  }
}
