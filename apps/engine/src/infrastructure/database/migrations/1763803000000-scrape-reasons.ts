import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScrapeReasons1763803000000 implements MigrationInterface {
  name = 'ScrapeReasons1763803000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Why an item is not ok, as the API reports it (reason keeps the detail for operators); items read
    // before stay null.
    await queryRunner.query('ALTER TABLE scrape_job_items ADD COLUMN reason_code text NULL');
    await queryRunner.query('ALTER TABLE scrape_job_items ADD COLUMN http_status integer NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE scrape_job_items DROP COLUMN http_status');
    await queryRunner.query('ALTER TABLE scrape_job_items DROP COLUMN reason_code');
  }
}
