import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryPooled } from '../../../infrastructure/database/query-rows';

/** A backlog larger than this is reported as this: counting stops there. */
export const BACKLOG_COUNTED_UP_TO = 100_000;

export interface WebhookBacklog {
  pending: number;
  oldestPendingAt: Date | null;
}

/** The deliveries still pending, read through the pending deliveries' partial index only. */
@Injectable()
export class WebhookBacklogRepository {
  constructor(private readonly dataSource: DataSource) {}

  async backlog(): Promise<WebhookBacklog> {
    const [row] = await queryPooled<{ pending: string; oldest: Date | null }>(
      this.dataSource,
      `SELECT count(*) AS pending, min(created_at) AS oldest
         FROM (SELECT created_at FROM webhook_deliveries WHERE status = 'pending' LIMIT $1) AS pending`,
      [BACKLOG_COUNTED_UP_TO],
    );
    return { pending: Number(row.pending), oldestPendingAt: row.oldest };
  }
}
