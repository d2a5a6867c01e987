import { MigrationInterface, QueryRunner } from 'typeorm';

export class Enrichment1763800400000 implements MigrationInterface {
  name = 'Enrichment1763800400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE enrichment_jobs (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        api_key_id uuid NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        original_filename text NOT NULL,
        headers jsonb NOT NULL,
        columns jsonb NOT NULL,
        fields text[] NOT NULL,
        target_icp text NOT NULL DEFAULT '',
        seller_offer text NULL,
        user_tag text NULL,
        total_rows integer NOT NULL CHECK (total_rows > 0),
        completed_rows integer NOT NULL DEFAULT 0,
        credits_charged integer NOT NULL,
        credits_refunded integer NOT NULL DEFAULT 0,
        field_report jsonb NULL,
        error text NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        completed_at timestamptz NULL,
        CONSTRAINT enrichment_jobs_rows_add_up CHECK (completed_rows <= total_rows)
      )`);
    await queryRunner.query(`CREATE INDEX enrichment_jobs_account_recent ON enrichment_jobs (account_id, created_at DESC)`);
    // One row per uploaded data row (1-based position); `output` stays null until the row is enriched,
    // so a resumed job picks up exactly the rows that were not yet written.
    await queryRunner.query(`
      CREATE TABLE enrichment_rows (
        job_id uuid NOT NULL REFERENCES enrichment_jobs (id) ON DELETE CASCADE,
        position integer NOT NULL,
        cells jsonb NOT NULL,
        website_read boolean NULL,
        output jsonb NULL,
        PRIMARY KEY (job_id, position)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE enrichment_rows`);
    await queryRunner.query(`DROP TABLE enrichment_jobs`);
  }
}
