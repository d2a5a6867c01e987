import { MigrationInterface, QueryRunner } from 'typeorm';

export class RemovedUsers1763802800000 implements MigrationInterface {
  name = 'RemovedUsers1763802800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A removed user stays, marked, so that the ledger, keys, jobs and saved searches still name who did
    // what; they hold no password, session or link, and their email is free again in every sense.
    await queryRunner.query('ALTER TABLE users ADD COLUMN removed_at timestamptz NULL');
    await queryRunner.query(
      'ALTER TABLE users ADD CONSTRAINT users_removed_hold_no_password CHECK (removed_at IS NULL OR password_hash IS NULL)',
    );
    await queryRunner.query('DROP INDEX users_email_active');
    await queryRunner.query(
      'CREATE UNIQUE INDEX users_email_active ON users (email) WHERE (password_hash IS NOT NULL OR account_id IS NULL) AND removed_at IS NULL',
    );
    await queryRunner.query('DROP INDEX users_account_email');
    await queryRunner.query(
      'CREATE UNIQUE INDEX users_account_email ON users (account_id, email) WHERE account_id IS NOT NULL AND removed_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM users WHERE removed_at IS NOT NULL');
    await queryRunner.query('DROP INDEX users_account_email');
    await queryRunner.query('CREATE UNIQUE INDEX users_account_email ON users (account_id, email) WHERE account_id IS NOT NULL');
    await queryRunner.query('DROP INDEX users_email_active');
    await queryRunner.query(
      'CREATE UNIQUE INDEX users_email_active ON users (email) WHERE password_hash IS NOT NULL OR account_id IS NULL',
    );
    await queryRunner.query('ALTER TABLE users DROP CONSTRAINT users_removed_hold_no_password');
    await queryRunner.query('ALTER TABLE users DROP COLUMN removed_at');
  }
}
