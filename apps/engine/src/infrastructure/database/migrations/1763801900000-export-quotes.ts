import { MigrationInterface, QueryRunner } from 'typeorm';

export class ExportQuotes1763801900000 implements MigrationInterface {
  name = 'ExportQuotes1763801900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An export's price, quoted before it starts: the request by a digest of its normalized filters and
    // limit, the credits quoted (the most the export may charge) and, once used, the export it started,
    // so a retried start with the same quote answers that export and never starts (or pays for) another.
    await queryRunner.query(`
      CREATE TABLE export_quotes (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        api_key_id uuid NULL,
        request_digest text NOT NULL,
        credits integer NOT NULL CONSTRAINT export_quotes_credits_check CHECK (credits >= 0),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        export_id uuid NULL UNIQUE REFERENCES exports (id) ON DELETE CASCADE
      )
    `);
    // What the sweeper of expired rows reads, oldest first, without scanning the tables.
    await queryRunner.query('CREATE INDEX export_quotes_expiry ON export_quotes (expires_at)');
    await queryRunner.query('CREATE INDEX reveal_quotes_expiry ON reveal_quotes (expires_at)');
    await queryRunner.query('CREATE INDEX user_sessions_last_seen ON user_sessions (last_seen_at)');
    await queryRunner.query('CREATE INDEX user_invites_expiry ON user_invites (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX user_invites_expiry');
    await queryRunner.query('DROP INDEX user_sessions_last_seen');
    await queryRunner.query('DROP INDEX reveal_quotes_expiry');
    await queryRunner.query('DROP TABLE export_quotes');
  }
}
