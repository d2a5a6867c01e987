import { MigrationInterface, QueryRunner } from 'typeorm';

export class LowBalanceWatch1763801800000 implements MigrationInterface {
  name = 'LowBalanceWatch1763801800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // /metrics counts the accounts below their low-balance threshold at every scrape: only the accounts
    // that set one are read, through this index, however many accounts there are.
    await queryRunner.query(
      'CREATE INDEX accounts_low_balance_watch ON accounts (balance, low_balance_threshold) WHERE low_balance_threshold IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX accounts_low_balance_watch');
  }
}
