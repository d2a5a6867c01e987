import { MigrationInterface, QueryRunner } from 'typeorm';

export class JobStatusLists1763802500000 implements MigrationInterface {
  name = 'JobStatusLists1763802500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The app's job list filtered by status ("running") reads each table's newest jobs of that status
    // directly, instead of walking all the account's jobs newest first to find a few.
    for (const table of ['exports', 'scrape_jobs', 'enrichment_jobs']) {
      await queryRunner.query(`CREATE INDEX ${table}_account_status_recent ON ${table} (account_id, status, created_at DESC, id DESC)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['exports', 'scrape_jobs', 'enrichment_jobs']) {
      await queryRunner.query(`DROP INDEX ${table}_account_status_recent`);
    }
  }
}
