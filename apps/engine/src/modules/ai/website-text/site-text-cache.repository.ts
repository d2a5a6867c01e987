import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../../infrastructure/database/query-rows';

/** Reads of the site text cache (table site_texts, written by the scrape module). */
@Injectable()
export class SiteTextCacheRepository {
  constructor(private readonly dataSource: DataSource) {}

  async freshText(domain: string, since: Date): Promise<string | null> {
    const rows = await queryRows<{ text: string }>(
      this.dataSource.manager,
      'SELECT text FROM site_texts WHERE domain = $1 AND fetched_at >= $2',
      [domain, since],
    );
    return rows[0]?.text ?? null;
  }
}
