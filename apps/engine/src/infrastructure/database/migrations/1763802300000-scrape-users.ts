import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScrapeUsers1763802300000 implements MigrationInterface {
  name = 'ScrapeUsers1763802300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Who started a scrape in the app: it goes through no API key, so the job (and the hold and refund
    // rows written for it) name the signed-in user. No foreign key, like exports.user_id: a removed
    // user's jobs keep the id they were started with.
    await queryRunner.query('ALTER TABLE scrape_jobs ADD COLUMN user_id uuid NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE scrape_jobs DROP COLUMN user_id');
  }
}
