import { MigrationInterface, QueryRunner } from 'typeorm';

export class BalanceNotifications1763800500000 implements MigrationInterface {
  name = 'BalanceNotifications1763800500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every committed balance change is announced, whoever made it (engine, worker, operator CLI), so
    // engine processes can cache balances and drop them the moment they change.
    await queryRunner.query(`
      CREATE FUNCTION announce_balance_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('account_balance_changed', NEW.id::text);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER accounts_balance_announced AFTER UPDATE OF balance, total_earned, total_spent ON accounts
      FOR EACH ROW WHEN ((OLD.balance, OLD.total_earned, OLD.total_spent) IS DISTINCT FROM (NEW.balance, NEW.total_earned, NEW.total_spent))
      EXECUTE FUNCTION announce_balance_change()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER accounts_balance_announced ON accounts');
    await queryRunner.query('DROP FUNCTION announce_balance_change()');
  }
}
