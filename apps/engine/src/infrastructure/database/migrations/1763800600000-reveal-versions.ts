import { MigrationInterface, QueryRunner } from 'typeorm';

export class RevealVersions1763800600000 implements MigrationInterface {
  name = 'RevealVersions1763800600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each statement that records reveals for an account takes the account's next reveal version (under
    // the account's row lock, so versions commit in order) and stamps its rows with it: an engine that
    // knows an account's reveals up to version v reads only the rows after v. Existing rows are version 0.
    await queryRunner.query('ALTER TABLE accounts ADD COLUMN reveal_version bigint NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE reveals ADD COLUMN account_version bigint NOT NULL DEFAULT 0');
    await queryRunner.query('CREATE INDEX reveals_account_version ON reveals (account_id, account_version)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX reveals_account_version');
    await queryRunner.query('ALTER TABLE reveals DROP COLUMN account_version');
    await queryRunner.query('ALTER TABLE accounts DROP COLUMN reveal_version');
  }
}
