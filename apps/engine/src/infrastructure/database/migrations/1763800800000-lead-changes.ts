import { MigrationInterface, QueryRunner } from 'typeorm';

/** The lead-relevant columns of a company: a change to one of them is no delta of contacts. */
const COMPANY_LEAD_COLUMNS = ['industry', 'size_bucket', 'company_type', 'description'];

export class LeadChanges1763800800000 implements MigrationInterface {
  name = 'LeadChanges1763800800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every contact carries the lead data version of the statement that last wrote it, so an engine can
    // read only the contacts changed since the version its table holds. The version now moves before a
    // statement's rows, under the version row's lock, held to commit: writers of lead data take their
    // versions in commit order, and a reader that sees version V has seen every write up to V.
    await queryRunner.query('ALTER TABLE lead_data_version ADD COLUMN reload_version bigint NOT NULL DEFAULT 0');
    for (const table of ['contacts', 'companies']) await queryRunner.query(`DROP TRIGGER ${table}_lead_data_changed ON ${table}`);
    await queryRunner.query('DROP FUNCTION lead_data_changed()');
    // reload_version moves with what no delta of contacts can express: contacts or companies removed.
    await queryRunner.query(`
      CREATE FUNCTION lead_data_changing() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        moved bigint;
      BEGIN
        UPDATE lead_data_version
        SET version = version + 1,
            reload_version = reload_version + CASE WHEN TG_OP IN ('DELETE', 'TRUNCATE') THEN 1 ELSE 0 END
        RETURNING version INTO moved;
        PERFORM set_config('lead_engine.lead_version', moved::text, true);
        RETURN NULL;
      END $$`);
    for (const table of ['contacts', 'companies']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_lead_data_changing BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION lead_data_changing()`);
    }
    // A company whose industry, size, type or description changed changes every one of its contacts.
    await queryRunner.query(`
      CREATE FUNCTION company_lead_columns_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE lead_data_version SET reload_version = reload_version + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER companies_lead_columns_changed AFTER UPDATE ON companies FOR EACH ROW
      WHEN ((${COMPANY_LEAD_COLUMNS.map((column) => `OLD.${column}`).join(', ')})
        IS DISTINCT FROM (${COMPANY_LEAD_COLUMNS.map((column) => `NEW.${column}`).join(', ')}))
      EXECUTE FUNCTION company_lead_columns_changed()`);

    // Null for contacts written before versions were kept: they are in every table read since.
    const statementVersion = `nullif(current_setting('lead_engine.lead_version', true), '')::bigint`;
    await queryRunner.query('ALTER TABLE contacts ADD COLUMN lead_version bigint');
    await queryRunner.query(`ALTER TABLE contacts ALTER COLUMN lead_version SET DEFAULT ${statementVersion}`);
    await queryRunner.query(`
      CREATE FUNCTION contact_lead_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.lead_version := ${statementVersion};
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER contacts_lead_version BEFORE UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION contact_lead_version()`);
    await queryRunner.query('CREATE INDEX contacts_lead_version ON contacts (lead_version) WHERE lead_version IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX contacts_lead_version');
    await queryRunner.query('DROP TRIGGER contacts_lead_version ON contacts');
    await queryRunner.query('DROP FUNCTION contact_lead_version()');
    await queryRunner.query('ALTER TABLE contacts DROP COLUMN lead_version');
    await queryRunner.query('DROP TRIGGER companies_lead_columns_changed ON companies');
    await queryRunner.query('DROP FUNCTION company_lead_columns_changed()');
    for (const table of ['contacts', 'companies']) await queryRunner.query(`DROP TRIGGER ${table}_lead_data_changing ON ${table}`);
    await queryRunner.query('DROP FUNCTION lead_data_changing()');
    await queryRunner.query(`
      CREATE FUNCTION lead_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE lead_data_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    for (const table of ['contacts', 'companies']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_lead_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION lead_data_changed()`);
    }
    await queryRunner.query('ALTER TABLE lead_data_version DROP COLUMN reload_version');
  }
}
