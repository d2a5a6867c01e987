import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookDeliveries1763801000000 implements MigrationInterface {
  name = 'WebhookDeliveries1763801000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The outbox: one row per event and subscribed endpoint, written in the transaction that settles the
    // job, so an event exists exactly when its job's outcome does. `body` is the exact bytes signed and
    // sent on every attempt; `next_attempt_at` is when attempt `attempts + 1` is due (while one runs, the
    // moment it is given up for lost and tried again).
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        event_type text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NULL,
        retry_window_started_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz NULL,
        last_response_code integer NULL,
        last_error text NULL,
        delivered_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_pending_due CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
      )`);
    await queryRunner.query('CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)');
    await queryRunner.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    // Since when every delivery to the endpoint has failed; null once one succeeds.
    await queryRunner.query('ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhook_endpoints DROP COLUMN failing_since');
    await queryRunner.query('DROP TABLE webhook_deliveries');
  }
}
