import { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadDataVersion1763800700000 implements MigrationInterface {
  name = 'LeadDataVersion1763800700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The version of the lead data (contacts and companies), kept by the database itself: every statement
    // that changes either table moves it in the same transaction, whoever runs it. A lead table read in one
    // snapshot with its version is current exactly while the version has not moved. `dataset` tells one
    // database from another (a snapshot file never matches a database it was not read from).
    await queryRunner.query(`
      CREATE TABLE lead_data_version (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        dataset uuid NOT NULL DEFAULT gen_random_uuid(),
        version bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query('INSERT INTO lead_data_version DEFAULT VALUES');
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
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['contacts', 'companies']) await queryRunner.query(`DROP TRIGGER ${table}_lead_data_changed ON ${table}`);
    await queryRunner.query('DROP FUNCTION lead_data_changed()');
    await queryRunner.query('DROP TABLE lead_data_version');
  }
}
