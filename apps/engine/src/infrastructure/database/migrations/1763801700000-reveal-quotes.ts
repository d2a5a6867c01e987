import { MigrationInterface, QueryRunner } from 'typeorm';

export class RevealQuotes1763801700000 implements MigrationInterface {
  name = 'RevealQuotes1763801700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A reveal's price, quoted before it is paid: the leads by a digest of their sorted ids, the credits
    // quoted (the most the reveal may charge) and, once paid, the reveal's answer, kept so a retried
    // reveal with the same quote returns it and never pays twice.
    await queryRunner.query(`
      CREATE TABLE reveal_quotes (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        api_key_id uuid NULL,
        lead_ids_digest text NOT NULL,
        lead_count integer NOT NULL,
        credits integer NOT NULL CONSTRAINT reveal_quotes_credits_check CHECK (credits >= 0),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz NULL,
        result jsonb NULL
      )
    `);
    await queryRunner.query('CREATE INDEX reveal_quotes_account ON reveal_quotes (account_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE reveal_quotes');
  }
}
