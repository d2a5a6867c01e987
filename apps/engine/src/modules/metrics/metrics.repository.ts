import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryPooled } from '../../infrastructure/database/query-rows';

/** The two reads a scrape makes of PostgreSQL, each one bounded statement. */
@Injectable()
export class MetricsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Accounts whose balance is below the threshold their owner set (most accounts set none and are passed over by the partial index). */
  async accountsBelowLowBalanceThreshold(): Promise<number> {
    const rows = await queryPooled<{ count: string }>(
      this.dataSource,
      'SELECT count(*) AS count FROM accounts WHERE low_balance_threshold IS NOT NULL AND balance < low_balance_threshold',
      [],
    );
    return Number(rows[0].count);
  }

  /** When the oldest delivery still pending was created, read through the pending deliveries' partial index. */
  async oldestPendingWebhookDelivery(): Promise<Date | null> {
    const rows = await queryPooled<{ oldest: Date | null }>(
      this.dataSource,
      `SELECT min(created_at) AS oldest FROM webhook_deliveries WHERE status = 'pending'`,
      [],
    );
    return rows[0].oldest;
  }
}
