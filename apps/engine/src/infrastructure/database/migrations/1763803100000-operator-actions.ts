import { MigrationInterface, QueryRunner } from 'typeorm';

export class OperatorActions1763803100000 implements MigrationInterface {
  name = 'OperatorActions1763803100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // What an operator did from the console, written in the transaction of the action itself: an account's
    // page lists its latest. account_id is null for an action on no one account.
    await queryRunner.query(`
      CREATE TABLE operator_actions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        operator_user_id uuid NOT NULL REFERENCES users (id),
        account_id uuid NULL REFERENCES accounts (id) ON DELETE CASCADE,
        action text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX operator_actions_account_recent ON operator_actions (account_id, created_at DESC)');
    // The operator's account search: by a user's email and by the start of an API key.
    await queryRunner.query('CREATE INDEX users_email_any ON users (email)');
    await queryRunner.query('CREATE INDEX api_keys_lookup_prefix_pattern ON api_keys (lookup_prefix text_pattern_ops)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX api_keys_lookup_prefix_pattern');
    await queryRunner.query('DROP INDEX users_email_any');
    await queryRunner.query('DROP TABLE operator_actions');
  }
}
