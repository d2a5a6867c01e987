import { MigrationInterface, QueryRunner } from 'typeorm';

export class LedgerUsers1763802200000 implements MigrationInterface {
  name = 'LedgerUsers1763802200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Who spent in the app: a console reveal or export goes through no API key, so its ledger rows (and
    // the export the worker charges later) name the signed-in user instead. No foreign key: the ledger
    // is append-only, and a removed user's rows keep the id they were made with.
    await queryRunner.query('ALTER TABLE credit_ledger ADD COLUMN user_id uuid NULL');
    await queryRunner.query('ALTER TABLE exports ADD COLUMN user_id uuid NULL');
    await queryRunner.query(
      'CREATE INDEX credit_ledger_user_recent ON credit_ledger (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX credit_ledger_user_recent');
    await queryRunner.query('ALTER TABLE exports DROP COLUMN user_id');
    await queryRunner.query('ALTER TABLE credit_ledger DROP COLUMN user_id');
  }
}
