import { MigrationInterface, QueryRunner } from 'typeorm';

export class EnrichmentUsers1763802400000 implements MigrationInterface {
  name = 'EnrichmentUsers1763802400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Who started an enrichment in the app: it goes through no API key, so the job (and the hold and
    // refund rows written for it) name the signed-in user. No foreign key, like scrape_jobs.user_id: a
    // removed user's jobs keep the id they were started with.
    await queryRunner.query('ALTER TABLE enrichment_jobs ADD COLUMN user_id uuid NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE enrichment_jobs DROP COLUMN user_id');
  }
}
