import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

/** The site text cache shared by every account: the latest readable text of each host. */
@Injectable()
export class SiteTextsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Which of these hosts have text read since `since`. */
  async freshDomains(domains: string[], since: Date): Promise<Set<string>> {
    const rows = await queryRows<{ domain: string }>(
      this.dataSource.manager,
      'SELECT domain FROM site_texts WHERE domain = ANY($1::text[]) AND fetched_at >= $2',
      [domains, since],
    );
    return new Set(rows.map((row) => row.domain));
  }

  async store(manager: EntityManager, texts: Array<{ domain: string; text: string }>, fetchedAt: Date): Promise<void> {
    if (texts.length === 0) return;
    // In domain order, so that two jobs storing the same sites lock their rows in the same order.
    const sorted = [...texts].sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
    await queryRows(
      manager,
      `INSERT INTO site_texts (domain, text, fetched_at)
       SELECT domain, text, $3 FROM unnest($1::text[], $2::text[]) AS t(domain, text)
       ON CONFLICT (domain) DO UPDATE SET text = EXCLUDED.text, fetched_at = EXCLUDED.fetched_at`,
      [sorted.map((entry) => entry.domain), sorted.map((entry) => entry.text), fetchedAt],
    );
  }
}
