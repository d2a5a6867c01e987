import { MigrationInterface, QueryRunner } from 'typeorm';

export class RevealedLeadsRecent1763802700000 implements MigrationInterface {
  name = 'RevealedLeadsRecent1763802700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Revealed leads are listed newest first a page at a time: a page costs its rows, not the account's history.
    await queryRunner.query('CREATE INDEX reveals_account_recent ON reveals (account_id, revealed_at DESC, contact_seq DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX reveals_account_recent');
  }
}
