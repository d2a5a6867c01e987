import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
        total_earned bigint NOT NULL DEFAULT 0 CHECK (total_earned >= 0),
        total_spent bigint NOT NULL DEFAULT 0 CHECK (total_spent >= 0),
        plan text NULL CHECK (plan IN ('starter', 'growth', 'pro', 'scale')),
        plan_renews_at timestamptz NULL,
        trial_started_at timestamptz NULL,
        trial_expires_at timestamptz NULL,
        trial_settled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT accounts_balance_is_earned_minus_spent CHECK (balance = total_earned - total_spent),
        CONSTRAINT accounts_plan_has_renewal CHECK ((plan IS NULL) = (plan_renews_at IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX accounts_plan_renewal_due ON accounts (plan_renews_at) WHERE plan IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX accounts_trial_expiry_due ON accounts (trial_expires_at) WHERE trial_expires_at IS NOT NULL AND trial_settled_at IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        lookup_prefix text NOT NULL UNIQUE,
        secret_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_account ON api_keys (account_id)`);

    await queryRunner.query(`
      CREATE TABLE credit_ledger (
        id bigserial PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id),
        kind text NOT NULL CHECK (kind IN ('grant', 'spend', 'hold', 'refund')),
        amount bigint NOT NULL CHECK (amount > 0),
        reason text NOT NULL,
        reference text NULL,
        api_key_id uuid NULL REFERENCES api_keys (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX credit_ledger_account ON credit_ledger (account_id, id)`);
    await queryRunner.query(`CREATE INDEX credit_ledger_reference ON credit_ledger (account_id, reference) WHERE reference IS NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION credit_ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'credit_ledger is append-only';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER credit_ledger_no_update_or_delete BEFORE UPDATE OR DELETE ON credit_ledger
      FOR EACH ROW EXECUTE FUNCTION credit_ledger_is_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER credit_ledger_no_truncate BEFORE TRUNCATE ON credit_ledger
      FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_is_append_only()`);

    await queryRunner.query(`
      CREATE TABLE idempotency_records (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        idempotency_key text NOT NULL,
        request_fingerprint text NOT NULL,
        response_status integer NULL,
        response_body jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, idempotency_key)
      )`);
    await queryRunner.query(`CREATE INDEX idempotency_records_created ON idempotency_records (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotency_records`);
    await queryRunner.query(`DROP TABLE credit_ledger`);
    await queryRunner.query(`DROP FUNCTION credit_ledger_is_append_only`);
    await queryRunner.query(`DROP TABLE api_keys`);
    await queryRunner.query(`DROP TABLE accounts`);
  }
}
