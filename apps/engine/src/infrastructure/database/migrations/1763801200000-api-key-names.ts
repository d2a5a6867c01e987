import { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeyNames1763801200000 implements MigrationInterface {
  name = 'ApiKeyNames1763801200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Keys made before they had names are named after their creation day (UTC), as unnamed keys are now.
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN name text');
    await queryRunner.query(`UPDATE api_keys SET name = 'Key created ' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
    await queryRunner.query('ALTER TABLE api_keys ALTER COLUMN name SET NOT NULL');
    await queryRunner.query('ALTER TABLE api_keys ADD CONSTRAINT api_keys_name_length CHECK (char_length(name) BETWEEN 1 AND 100)');
    // NULL: made by the operator CLI (or the demo start), or by a user since removed.
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN created_by_user_id uuid NULL REFERENCES users (id) ON DELETE SET NULL');
    await queryRunner.query('CREATE INDEX api_keys_created_by ON api_keys (created_by_user_id) WHERE created_by_user_id IS NOT NULL');
    // Written from Redis at most once a minute, never on a request.
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz NULL');
    // Credits spent through a key over a window: the keys page sums each key's recent rows.
    await queryRunner.query('CREATE INDEX credit_ledger_api_key ON credit_ledger (api_key_id, created_at) WHERE api_key_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX credit_ledger_api_key');
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN last_used_at');
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN created_by_user_id');
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN name');
  }
}
