import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookEndpoints1763800900000 implements MigrationInterface {
  name = 'WebhookEndpoints1763800900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Signing secrets are kept encrypted (AES-256-GCM, see WebhookSecretBox), never in plain text and never
    // hashed: the engine signs deliveries with them. The secret a rotation replaced keeps signing until its expiry.
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        url text NOT NULL CHECK (char_length(url) <= 2048),
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        description text NULL CHECK (char_length(description) <= 500),
        enabled boolean NOT NULL DEFAULT true,
        credits_low_threshold integer NULL CHECK (credits_low_threshold >= 1),
        disabled_reason text NULL,
        secret_sealed bytea NOT NULL,
        previous_secret_sealed bytea NULL,
        previous_secret_expires_at timestamptz NULL,
        secret_rotated_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_endpoints_previous_secret_expires CHECK ((previous_secret_sealed IS NULL) = (previous_secret_expires_at IS NULL))
      )`);
    await queryRunner.query('CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook_endpoints');
  }
}
