import { MigrationInterface, QueryRunner } from 'typeorm';

export class Exports1763800200000 implements MigrationInterface {
  name = 'Exports1763800200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE exports (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        api_key_id uuid NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        filters jsonb NOT NULL,
        requested_limit integer NOT NULL,
        delivery_limit integer NOT NULL,
        delivered_rows integer NOT NULL DEFAULT 0,
        credits_charged integer NOT NULL DEFAULT 0,
        capped boolean NOT NULL DEFAULT false,
        note text NULL,
        filename text NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        completed_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX exports_account_recent ON exports (account_id, created_at DESC)`);
    // The CSV lives in PostgreSQL so that every engine process can serve it; it is written in the same
    // transaction that records the delivery and charges for it.
    await queryRunner.query(`
      CREATE TABLE export_file_parts (
        export_id uuid NOT NULL REFERENCES exports (id) ON DELETE CASCADE,
        part integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (export_id, part)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE export_file_parts`);
    await queryRunner.query(`DROP TABLE exports`);
  }
}
