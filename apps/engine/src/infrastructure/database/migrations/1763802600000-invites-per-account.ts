import { MigrationInterface, QueryRunner } from 'typeorm';

export class InvitesPerAccount1763802600000 implements MigrationInterface {
  name = 'InvitesPerAccount1763802600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An invite says nothing about other accounts: a pending invite (no password yet) reserves its email
    // in its own account only. A user who has a password, and an operator without an account, still
    // own their email server-wide; accepting an invite for such an email is refused then.
    await queryRunner.query('ALTER TABLE users DROP CONSTRAINT users_email_key');
    await queryRunner.query('CREATE UNIQUE INDEX users_email_active ON users (email) WHERE password_hash IS NOT NULL OR account_id IS NULL');
    await queryRunner.query('CREATE UNIQUE INDEX users_account_email ON users (account_id, email) WHERE account_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX users_account_email');
    await queryRunner.query('DROP INDEX users_email_active');
    await queryRunner.query('ALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE (email)');
  }
}
