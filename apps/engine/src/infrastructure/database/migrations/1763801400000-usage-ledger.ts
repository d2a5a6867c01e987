import { MigrationInterface, QueryRunner } from 'typeorm';

export class UsageLedger1763801400000 implements MigrationInterface {
  name = 'UsageLedger1763801400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // What an entry paid for, read from its reference once, so that the app can filter by it through an index.
    await queryRunner.query(`
      ALTER TABLE credit_ledger ADD COLUMN purpose text NOT NULL GENERATED ALWAYS AS (
        CASE split_part(reference, ':', 1)
          WHEN 'reveal' THEN 'reveal'
          WHEN 'export' THEN 'export'
          WHEN 'scrape' THEN 'scrape'
          WHEN 'enrichment' THEN 'enrichment'
          WHEN 'icp' THEN 'icp'
          ELSE 'allowance'
        END) STORED`);
    await queryRunner.query('CREATE INDEX credit_ledger_recent ON credit_ledger (account_id, created_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX credit_ledger_purpose_recent ON credit_ledger (account_id, purpose, created_at DESC, id DESC)');
    await queryRunner.query(
      'CREATE INDEX credit_ledger_key_recent ON credit_ledger (api_key_id, created_at DESC, id DESC) WHERE api_key_id IS NOT NULL',
    );
    await queryRunner.query('DROP INDEX credit_ledger_api_key');

    // Every ledger row counted once per UTC day, purpose and movement, kept by the same statement that
    // inserts the rows, so that a chart of any period costs its days rather than its rows.
    await queryRunner.query(`
      CREATE TABLE credit_ledger_days (
        account_id uuid NOT NULL REFERENCES accounts (id),
        day date NOT NULL,
        purpose text NOT NULL,
        movement text NOT NULL,
        amount bigint NOT NULL,
        entries bigint NOT NULL,
        PRIMARY KEY (account_id, day, purpose, movement)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION count_credit_ledger_days() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO credit_ledger_days AS days (account_id, day, purpose, movement, amount, entries)
        SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, purpose, kind, SUM(amount), COUNT(*)
        FROM inserted_rows
        GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3, 4
        ON CONFLICT (account_id, day, purpose, movement)
        DO UPDATE SET amount = days.amount + EXCLUDED.amount, entries = days.entries + EXCLUDED.entries;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER credit_ledger_counted_by_day AFTER INSERT ON credit_ledger
      REFERENCING NEW TABLE AS inserted_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_credit_ledger_days()`);
    await queryRunner.query(`
      INSERT INTO credit_ledger_days (account_id, day, purpose, movement, amount, entries)
      SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, purpose, kind, SUM(amount), COUNT(*)
      FROM credit_ledger GROUP BY 1, 2, 3, 4`);

    // Credits held now: the jobs not yet settled, found without reading an account's finished ones.
    await queryRunner.query("CREATE INDEX scrape_jobs_unsettled ON scrape_jobs (account_id) WHERE status IN ('queued', 'running')");
    await queryRunner.query("CREATE INDEX enrichment_jobs_unsettled ON enrichment_jobs (account_id) WHERE status IN ('queued', 'running')");

    await queryRunner.query('ALTER TABLE accounts ADD COLUMN low_balance_threshold bigint NULL CHECK (low_balance_threshold >= 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE accounts DROP COLUMN low_balance_threshold');
    await queryRunner.query('DROP INDEX enrichment_jobs_unsettled');
    await queryRunner.query('DROP INDEX scrape_jobs_unsettled');
    await queryRunner.query('DROP TRIGGER credit_ledger_counted_by_day ON credit_ledger');
    await queryRunner.query('DROP FUNCTION count_credit_ledger_days()');
    await queryRunner.query('DROP TABLE credit_ledger_days');
    await queryRunner.query('CREATE INDEX credit_ledger_api_key ON credit_ledger (api_key_id, created_at) WHERE api_key_id IS NOT NULL');
    await queryRunner.query('DROP INDEX credit_ledger_key_recent');
    await queryRunner.query('DROP INDEX credit_ledger_purpose_recent');
    await queryRunner.query('DROP INDEX credit_ledger_recent');
    await queryRunner.query('ALTER TABLE credit_ledger DROP COLUMN purpose');
  }
}
