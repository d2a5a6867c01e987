import { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeyBudgets1763801500000 implements MigrationInterface {
  name = 'ApiKeyBudgets1763801500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // NULL: no such limit. A key without any is served exactly as before (no lock, no extra read).
    await queryRunner.query(`
      ALTER TABLE api_keys
        ADD COLUMN budget_total bigint NULL CONSTRAINT api_keys_budget_total_check CHECK (budget_total >= 0),
        ADD COLUMN budget_day bigint NULL CONSTRAINT api_keys_budget_day_check CHECK (budget_day >= 0),
        ADD COLUMN max_per_call bigint NULL CONSTRAINT api_keys_max_per_call_check CHECK (max_per_call >= 0),
        ADD COLUMN expires_at timestamptz NULL,
        ADD COLUMN read_only boolean NOT NULL DEFAULT false
    `);
    // A key's pending exports count against its budgets with their delivery limit until they complete.
    await queryRunner.query("CREATE INDEX exports_key_unsettled ON exports (api_key_id) WHERE status IN ('queued', 'running')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX exports_key_unsettled');
    await queryRunner.query(
      'ALTER TABLE api_keys DROP COLUMN read_only, DROP COLUMN expires_at, DROP COLUMN max_per_call, DROP COLUMN budget_day, DROP COLUMN budget_total',
    );
  }
}
