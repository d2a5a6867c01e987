import { parse } from 'csv-parse/sync';
import { http } from './http';
import { JobClient } from './job-client';

export interface UploadForm {
  fields?: string;
  target_icp?: string;
  seller_offer?: string;
  user_tag?: string;
  [other: string]: string | undefined;
}

/** Enrichment and ICP endpoints driven over HTTP, as a client would: the upload as real multipart/form-data. */
export class EnrichmentClient extends JobClient {
  protected readonly kind = 'enrichment';

  async upload(
    csv: string | Buffer | null,
    form: UploadForm,
    options: { filename?: string; headers?: Record<string, string>; fileField?: string } = {},
  ) {
    const body = new FormData();
    if (csv !== null) body.append(options.fileField ?? 'file', new Blob([csv], { type: 'text/csv' }), options.filename ?? 'leads.csv');
    for (const [name, value] of Object.entries(form)) if (value !== undefined) body.append(name, value);
    const response = await fetch(`${this.baseUrl}/api/v1/enrich-csv`, {
      method: 'POST',
      headers: { 'x-api-key': this.apiKey, ...options.headers },
      body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, text };
  }

  status(id: string) {
    return http(this.baseUrl, 'GET', `/api/v1/enrich-csv/jobs/${id}`, { apiKey: this.apiKey });
  }

  list() {
    return http(this.baseUrl, 'GET', '/api/v1/enrich-csv/jobs', { apiKey: this.apiKey });
  }

  download(id: string) {
    return http(this.baseUrl, 'GET', `/api/v1/enrich-csv/jobs/${id}/csv`, { apiKey: this.apiKey });
  }

  icp(body: unknown, headers: Record<string, string> = {}) {
    return http(this.baseUrl, 'POST', '/api/v1/icp-score', { apiKey: this.apiKey, body, headers });
  }

  /** Uploads, waits for the job and reads the result CSV back as records keyed by column. */
  async enrich(csv: string, form: UploadForm) {
    const created = await this.upload(csv, form);
    if (created.status !== 202) throw new Error(`upload answered ${created.status}: ${created.text}`);
    const job = await this.finished(created.body.id);
    const download = await this.download(job.id);
    const records = download.status === 200 ? (parse(download.text, { columns: true }) as Array<Record<string, string>>) : [];
    return { created: created.body, job, download, records };
  }
}
