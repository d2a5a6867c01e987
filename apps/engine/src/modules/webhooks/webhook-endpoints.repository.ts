import { Injectable } from '@nestjs/common';
import type { WebhookEventType } from '@lead-engine/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { retryOnDeadlock } from '../../infrastructure/database/retry-on-deadlock';

export interface WebhookEndpointRecord {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  creditsLowThreshold: number | null;
  disabledReason: string | null;
  secretRotatedAt: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface WebhookEndpointRow {
  id: string;
  account_id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  credits_low_threshold: number | null;
  disabled_reason: string | null;
  secret_rotated_at: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What may change on an endpoint; keys left out stay as they are. */
export interface WebhookEndpointChanges {
  url?: string;
  events?: WebhookEventType[];
  description?: string | null;
  enabled?: boolean;
  creditsLowThreshold?: number | null;
  disabledReason?: string | null;
}

const CHANGE_COLUMNS: Record<keyof WebhookEndpointChanges, string> = {
  url: 'url',
  events: 'events',
  description: 'description',
  enabled: 'enabled',
  creditsLowThreshold: 'credits_low_threshold',
  disabledReason: 'disabled_reason',
};

// Never the sealed secrets: they leave the repository only through the methods that need them.
const COLUMNS = `id, account_id, url, events, description, enabled, credits_low_threshold, disabled_reason, secret_rotated_at,
  previous_secret_expires_at, created_at, updated_at`;

const toRecord = (row: WebhookEndpointRow): WebhookEndpointRecord => ({
  id: row.id,
  accountId: row.account_id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  creditsLowThreshold: row.credits_low_threshold,
  disabledReason: row.disabled_reason,
  secretRotatedAt: row.secret_rotated_at,
  previousSecretExpiresAt: row.previous_secret_expires_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

@Injectable()
export class WebhookEndpointsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Serializes the creation of an account's endpoints until the transaction ends, so that two
   * creations at once cannot both see room for one more.
   */
  async lockAccountEndpoints(manager: EntityManager, accountId: string): Promise<void> {
    await queryRows(manager, `SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || $1, 0))`, [accountId]);
  }

  async countForAccount(manager: EntityManager, accountId: string): Promise<number> {
    const rows = await queryRows<{ count: number }>(manager, 'SELECT count(*)::int AS count FROM webhook_endpoints WHERE account_id = $1', [
      accountId,
    ]);
    return rows[0].count;
  }

  async create(
    manager: EntityManager,
    endpoint: {
      id: string;
      accountId: string;
      url: string;
      events: WebhookEventType[];
      description: string | null;
      creditsLowThreshold: number | null;
      secretSealed: Buffer;
    },
  ): Promise<WebhookEndpointRecord> {
    const rows = await queryRows<WebhookEndpointRow>(
      manager,
      `INSERT INTO webhook_endpoints (id, account_id, url, events, description, credits_low_threshold, secret_sealed)
       VALUES ($1, $2, $3, $4::text[], $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        endpoint.id,
        endpoint.accountId,
        endpoint.url,
        endpoint.events,
        endpoint.description,
        endpoint.creditsLowThreshold,
        endpoint.secretSealed,
      ],
    );
    return toRecord(rows[0]);
  }

  async listForAccount(accountId: string): Promise<WebhookEndpointRecord[]> {
    const rows = await queryRows<WebhookEndpointRow>(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE account_id = $1 ORDER BY created_at DESC, id DESC`,
      [accountId],
    );
    return rows.map(toRecord);
  }

  /** The account's endpoint, or null for an unknown id and for another account's; locked when a transaction's manager asks. */
  async findForAccount(accountId: string, id: string, lock?: EntityManager): Promise<WebhookEndpointRecord | null> {
    const rows = await queryRows<WebhookEndpointRow>(
      lock ?? this.dataSource.manager,
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND account_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, accountId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async update(
    manager: EntityManager,
    accountId: string,
    id: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRecord | null> {
    const assignments: string[] = [];
    const params: unknown[] = [id, accountId];
    for (const [key, column] of Object.entries(CHANGE_COLUMNS) as Array<[keyof WebhookEndpointChanges, string]>) {
      if (changes[key] === undefined) continue;
      params.push(changes[key]);
      assignments.push(`${column} = $${params.length}${key === 'events' ? '::text[]' : ''}`);
    }
    const rows = await queryRows<WebhookEndpointRow>(
      manager,
      `UPDATE webhook_endpoints SET ${[...assignments, ...(changes.enabled === undefined ? [] : ['failing_since = NULL']), 'updated_at = now()'].join(', ')}
       WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Disables an endpoint that has failed every delivery for too long, saying why; false when it was disabled already. */
  async disableFailing(id: string, reason: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource.manager,
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1 AND enabled RETURNING id`,
      [id, reason],
    );
    return rows.length > 0;
  }

  /**
   * Deletes the endpoint and, by cascade, its deliveries. The worker writes deliveries in batches that
   * lock them in id order (see WebhookDeliveriesRepository), then their endpoints; the delete locks the
   * endpoint's deliveries in that order first, so a cascade meeting a batch mid-way waits instead of
   * deadlocking. A delivery inserted meanwhile can still cross one; the delete is then run again.
   */
  async delete(accountId: string, id: string): Promise<boolean> {
    const rows = await retryOnDeadlock(() =>
      this.dataSource.transaction(async (manager) => {
        // Counted in PostgreSQL: an endpoint may hold many deliveries, and only their locks are wanted here.
        await manager.query(
          'SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND account_id = $2 ORDER BY id FOR UPDATE) AS locked',
          [id, accountId],
        );
        return queryRows<{ id: string }>(manager, 'DELETE FROM webhook_endpoints WHERE id = $1 AND account_id = $2 RETURNING id', [
          id,
          accountId,
        ]);
      }),
    );
    return rows.length > 0;
  }

  /**
   * Puts a new sealed secret in place; the one it replaces keeps signing for `previousValidHours`
   * (a secret replaced before then is dropped: only the latest previous one is kept).
   */
  async replaceSecret(
    accountId: string,
    id: string,
    secretSealed: Buffer,
    previousValidHours: number,
  ): Promise<WebhookEndpointRecord | null> {
    const rows = await queryRows<WebhookEndpointRow>(
      this.dataSource.manager,
      `UPDATE webhook_endpoints
       SET previous_secret_sealed = secret_sealed,
           previous_secret_expires_at = now() + make_interval(hours => $4),
           secret_sealed = $3,
           secret_rotated_at = now(),
           updated_at = now()
       WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      [id, accountId, secretSealed, previousValidHours],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
