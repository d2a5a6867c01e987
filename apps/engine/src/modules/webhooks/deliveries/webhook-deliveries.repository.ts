import { Injectable } from '@nestjs/common';
import { DEFAULT_CREDITS_LOW_THRESHOLD, WebhookEventType } from '@lead-engine/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { CoalescingBatcher } from '../../../infrastructure/database/coalescing-batcher';
import { queryRows } from '../../../infrastructure/database/query-rows';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRecord {
  id: string;
  endpointId: string;
  accountId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  retryWindowStartedAt: Date;
  lastAttemptAt: Date | null;
  lastResponseCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A delivery whose attempt this worker has claimed: what it sends and where. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  body: string;
  attempt: number;
  retryWindowStartedAt: Date;
  url: string;
  endpointEnabled: boolean;
  secretSealed: Buffer;
  previousSecretSealed: Buffer | null;
}

/** A pending delivery and the attempt it waits for. */
export interface DueDelivery {
  id: string;
  endpointId: string;
  attempt: number;
  dueAt: Date;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  account_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  retry_window_started_at: Date;
  last_attempt_at: Date | null;
  last_response_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, endpoint_id, account_id, event_type, status, attempts, next_attempt_at, retry_window_started_at, last_attempt_at,
  last_response_code, last_error, delivered_at, created_at`;

const toRecord = (row: DeliveryRow): WebhookDeliveryRecord => ({
  id: row.id,
  endpointId: row.endpoint_id,
  accountId: row.account_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  retryWindowStartedAt: row.retry_window_started_at,
  lastAttemptAt: row.last_attempt_at,
  lastResponseCode: row.last_response_code,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
  createdAt: row.created_at,
});

interface DueRow {
  id: string;
  endpoint_id: string;
  next_attempt_at: Date;
}

const toDue = (row: DueRow): DueDelivery => ({ id: row.id, endpointId: row.endpoint_id, attempt: 1, dueAt: row.next_attempt_at });

/** How an attempt ended, as written back: a status code, or why none came. */
export interface AttemptOutcome {
  responseCode: number | null;
  error: string | null;
}

interface ClaimInput {
  deliveryId: string;
  attempt: number;
  leaseMs: number;
}

interface ClaimRow {
  id: string;
  attempts: number;
  endpoint_id: string;
  body: string;
  retry_window_started_at: Date;
  url: string;
  enabled: boolean;
  secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
}

interface DeliveredInput {
  deliveryId: string;
  attempt: number;
  responseCode: number;
}

/**
 * The deliveries of a batch (`c`), locked in id order before they are written: every statement that
 * writes many deliveries (these batches, an endpoint's delete) locks them in that order, so two of them
 * wait for each other and never deadlock.
 */
const LOCKED_IN_ID_ORDER = `locked AS MATERIALIZED (SELECT d.id FROM webhook_deliveries d WHERE d.id IN (SELECT id FROM c) ORDER BY d.id FOR UPDATE)`;

@Injectable()
export class WebhookDeliveriesRepository {
  // One batch of each at a time: two at once could lock the same endpoint's failing_since in opposite orders and deadlock.
  private readonly claims = new CoalescingBatcher((claims: ClaimInput[]) => this.claimAll(claims), 1);
  private readonly deliveredOnes = new CoalescingBatcher((delivered: DeliveredInput[]) => this.markAllDelivered(delivered), 1);

  constructor(private readonly dataSource: DataSource) {}

  /**
   * One pending delivery per enabled endpoint of the account that receives `eventType` (and, for
   * credits.low, whose threshold the balance fell below), all with the same body; their ids.
   */
  async insertForEvent(manager: EntityManager, event: { accountId: string; type: WebhookEventType; body: string }): Promise<DueDelivery[]> {
    const rows = await queryRows<DueRow>(
      manager,
      `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, event_type, body, next_attempt_at)
       SELECT gen_random_uuid(), e.id, e.account_id, $2, $3, now()
       FROM webhook_endpoints e
       WHERE e.account_id = $1 AND e.enabled AND $2 = ANY (e.events)
       RETURNING id, endpoint_id, next_attempt_at`,
      [event.accountId, event.type, event.body],
    );
    return rows.map(toDue);
  }

  /**
   * A credits.low delivery for each enabled endpoint of the account whose threshold the balance just
   * fell below (from `from` or more to less), the balance as GET /credits answers it, read in the same
   * statement: a debit that crosses no threshold costs one indexed lookup and writes nothing.
   */
  async insertCreditsLow(
    manager: EntityManager,
    accountId: string,
    crossing: { from: number; to: number },
    at: Date,
  ): Promise<DueDelivery[]> {
    const rows = await queryRows<DueRow>(
      manager,
      `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, event_type, body, next_attempt_at)
       SELECT gen_random_uuid(), e.id, e.account_id, 'credits.low',
              json_build_object('type', 'credits.low', 'timestamp', $4::text,
                'data', json_build_object('balance', a.balance, 'total_earned', a.total_earned, 'total_spent', a.total_spent))::text,
              now()
       FROM webhook_endpoints e JOIN accounts a ON a.id = e.account_id
       WHERE e.account_id = $1 AND e.enabled AND 'credits.low' = ANY (e.events)
         AND coalesce(e.credits_low_threshold, $5) <= $2 AND coalesce(e.credits_low_threshold, $5) > $3
       RETURNING id, endpoint_id, next_attempt_at`,
      [accountId, crossing.from, crossing.to, at.toISOString(), DEFAULT_CREDITS_LOW_THRESHOLD],
    );
    return rows.map(toDue);
  }

  /**
   * Claims attempt `attempt` of a pending delivery: only one claim of an attempt succeeds, however
   * many jobs ask. Until the attempt's outcome is written, `next_attempt_at` is the moment it is given
   * up for lost (the worker died), after which the next attempt is queued again. Claims made at once
   * are one statement (see CoalescingBatcher).
   */
  claimAttempt(deliveryId: string, attempt: number, leaseMs: number): Promise<ClaimedDelivery | null> {
    return this.claims.submit({ deliveryId, attempt, leaseMs });
  }

  /** A 2xx: the delivery is done, and its endpoint no longer failing; batched like claims. */
  markDelivered(deliveryId: string, attempt: number, responseCode: number): Promise<void> {
    return this.deliveredOnes.submit({ deliveryId, attempt, responseCode });
  }

  private async claimAll(claims: ClaimInput[]): Promise<Array<ClaimedDelivery | null>> {
    const rows = await queryRows<ClaimRow>(
      this.dataSource.manager,
      `WITH c AS (SELECT * FROM unnest($1::uuid[], $2::int[], $3::float8[]) AS c(id, attempt, lease_ms)),
       ${LOCKED_IN_ID_ORDER}
       UPDATE webhook_deliveries d
       SET attempts = c.attempt, last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => c.lease_ms / 1000)
       FROM c, locked, webhook_endpoints e
       WHERE locked.id = d.id AND d.id = c.id AND d.status = 'pending' AND d.attempts = c.attempt - 1 AND e.id = d.endpoint_id
       RETURNING d.id, d.attempts, d.endpoint_id, d.body, d.retry_window_started_at, e.url, e.enabled, e.secret_sealed,
         CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_sealed END AS previous_secret_sealed`,
      [claims.map((claim) => claim.deliveryId), claims.map((claim) => claim.attempt), claims.map((claim) => claim.leaseMs)],
    );
    const claimed = new Map(rows.map((row) => [`${row.id}:${row.attempts}`, row]));
    return claims.map(({ deliveryId, attempt }) => {
      const key = `${deliveryId}:${attempt}`;
      const row = claimed.get(key);
      // The same attempt asked twice in one batch is claimed once.
      claimed.delete(key);
      if (!row) return null;
      return {
        id: row.id,
        endpointId: row.endpoint_id,
        body: row.body,
        attempt,
        retryWindowStartedAt: row.retry_window_started_at,
        url: row.url,
        endpointEnabled: row.enabled,
        secretSealed: row.secret_sealed,
        previousSecretSealed: row.previous_secret_sealed,
      };
    });
  }

  private async markAllDelivered(delivered: DeliveredInput[]): Promise<void[]> {
    await queryRows(
      this.dataSource.manager,
      `WITH c AS (SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[]) AS c(id, attempt, code)),
       ${LOCKED_IN_ID_ORDER},
       delivered AS (
         UPDATE webhook_deliveries d
         SET status = 'delivered', delivered_at = now(), next_attempt_at = NULL, last_response_code = c.code, last_error = NULL
         FROM c, locked
         WHERE locked.id = d.id AND d.id = c.id AND d.attempts = c.attempt AND d.status = 'pending' RETURNING d.endpoint_id)
       UPDATE webhook_endpoints e SET failing_since = NULL
       FROM (SELECT DISTINCT endpoint_id FROM delivered) x WHERE e.id = x.endpoint_id AND e.failing_since IS NOT NULL`,
      [delivered.map((one) => one.deliveryId), delivered.map((one) => one.attempt), delivered.map((one) => one.responseCode)],
    );
    return delivered.map(() => undefined);
  }

  /**
   * Anything but a 2xx: the delivery waits for `nextAttemptAt`, or has failed for good when that is
   * null. The endpoint is failing from now if it was not already; since when it has been is returned
   * (null when the attempt was no longer this worker's to record).
   */
  async markAttemptFailed(deliveryId: string, attempt: number, outcome: AttemptOutcome, nextAttemptAt: Date | null): Promise<Date | null> {
    const rows = await queryRows<{ failing_since: Date }>(
      this.dataSource.manager,
      `WITH failed AS (
         UPDATE webhook_deliveries
         SET status = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = $5,
             last_response_code = $3, last_error = $4
         WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING endpoint_id)
       UPDATE webhook_endpoints e SET failing_since = coalesce(e.failing_since, now()) FROM failed WHERE e.id = failed.endpoint_id
       RETURNING e.failing_since`,
      [deliveryId, attempt, outcome.responseCode, outcome.error, nextAttemptAt],
    );
    return rows[0]?.failing_since ?? null;
  }

  /** A delivery whose endpoint was disabled: it is not sent. */
  async markEndpointDisabled(deliveryId: string, attempt: number): Promise<void> {
    await queryRows(
      this.dataSource.manager,
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'endpoint disabled'
       WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
      [deliveryId, attempt],
    );
  }

  /**
   * Pending deliveries due before `dueBefore` (every pending one when null), oldest due first, after
   * `afterId` in id order within one call's pages: what a worker queues again.
   */
  async due(dueBefore: Date | null, limit: number, afterId: string | null): Promise<DueDelivery[]> {
    const rows = await queryRows<{ id: string; endpoint_id: string; attempts: number; next_attempt_at: Date }>(
      this.dataSource.manager,
      `SELECT id, endpoint_id, attempts, next_attempt_at FROM webhook_deliveries
       WHERE status = 'pending' AND ($1::timestamptz IS NULL OR next_attempt_at < $1) AND ($2::uuid IS NULL OR id > $2)
       ORDER BY id LIMIT $3`,
      [dueBefore, afterId, limit],
    );
    return rows.map((row) => ({ id: row.id, endpointId: row.endpoint_id, attempt: row.attempts + 1, dueAt: row.next_attempt_at }));
  }

  /** The endpoint's deliveries, newest first, older than the `cursor` delivery when one is given. */
  async listForEndpoint(endpointId: string, limit: number, cursor: string | null): Promise<WebhookDeliveryRecord[]> {
    const rows = await queryRows<DeliveryRow>(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM webhook_deliveries
       WHERE endpoint_id = $1
         AND ($2::uuid IS NULL OR (created_at, id) < (SELECT created_at, id FROM webhook_deliveries WHERE id = $2 AND endpoint_id = $1))
       ORDER BY created_at DESC, id DESC LIMIT $3`,
      [endpointId, cursor, limit],
    );
    return rows.map(toRecord);
  }

  /** Pending again from now, retried for another window; the same id, so receivers still see one event. */
  async redeliver(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | null> {
    const rows = await queryRows<DeliveryRow>(
      this.dataSource.manager,
      `UPDATE webhook_deliveries
       SET status = 'pending', next_attempt_at = now(), retry_window_started_at = now(), delivered_at = NULL
       WHERE id = $1 AND endpoint_id = $2 RETURNING ${COLUMNS}`,
      [deliveryId, endpointId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
