import { MigrationInterface, QueryRunner } from 'typeorm';

export class Scrape1763800300000 implements MigrationInterface {
  name = 'Scrape1763800300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE scrape_jobs (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        api_key_id uuid NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        total integer NOT NULL CHECK (total > 0),
        done integer NOT NULL DEFAULT 0,
        ok integer NOT NULL DEFAULT 0,
        blocked integer NOT NULL DEFAULT 0,
        no_content integer NOT NULL DEFAULT 0,
        invalid integer NOT NULL DEFAULT 0,
        credits_charged integer NOT NULL,
        credits_refunded integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        completed_at timestamptz NULL,
        CONSTRAINT scrape_jobs_counts_add_up CHECK (done = ok + blocked + no_content + invalid AND done <= total)
      )`);
    await queryRunner.query(`CREATE INDEX scrape_jobs_account_recent ON scrape_jobs (account_id, created_at DESC)`);
    // One row per unique normalized input; `completion` numbers the finished ones 1, 2, … in the order they finished.
    await queryRunner.query(`
      CREATE TABLE scrape_job_items (
        job_id uuid NOT NULL REFERENCES scrape_jobs (id) ON DELETE CASCADE,
        position integer NOT NULL,
        domain text NOT NULL,
        is_host boolean NOT NULL,
        outcome text NULL CHECK (outcome IN ('ok', 'blocked', 'no_content', 'invalid')),
        reason text NULL,
        cached boolean NOT NULL DEFAULT false,
        completion integer NULL,
        PRIMARY KEY (job_id, position)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX scrape_job_items_completion ON scrape_job_items (job_id, completion) WHERE completion IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX scrape_job_items_outcome ON scrape_job_items (job_id, outcome, completion) WHERE completion IS NOT NULL`,
    );
    // The site text cache, shared by every account: the latest readable text of a host.
    await queryRunner.query(`
      CREATE TABLE site_texts (
        domain text PRIMARY KEY,
        text text NOT NULL,
        fetched_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE site_texts`);
    await queryRunner.query(`DROP TABLE scrape_job_items`);
    await queryRunner.query(`DROP TABLE scrape_jobs`);
  }
}
