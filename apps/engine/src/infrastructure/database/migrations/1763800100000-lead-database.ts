import { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadDatabase1763800100000 implements MigrationInterface {
  name = 'LeadDatabase1763800100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A company is identified by its domain (contract §8); its attributes come from the latest import.
    await queryRunner.query(`
      CREATE TABLE companies (
        id bigserial PRIMARY KEY,
        domain text NOT NULL UNIQUE,
        name text NOT NULL,
        size_bucket text NOT NULL DEFAULT '',
        revenue_band text NULL,
        industry text NOT NULL DEFAULT '',
        category text NULL,
        company_type text NOT NULL DEFAULT 'private' CHECK (company_type IN ('private', 'government', 'nonprofit', 'education')),
        founded integer NULL,
        linkedin_url text NULL,
        description text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // seq is the browse order: stable across re-imports, and a cursor for deep pages.
    await queryRunner.query(`
      CREATE TABLE contacts (
        id uuid PRIMARY KEY,
        seq bigserial NOT NULL UNIQUE,
        company_id bigint NOT NULL REFERENCES companies (id),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        email_status text NOT NULL DEFAULT 'unknown',
        phone text NULL,
        linkedin_url text NULL,
        job_title text NOT NULL,
        seniority text NOT NULL DEFAULT '',
        department text NOT NULL DEFAULT '',
        country_code text NOT NULL,
        country text NULL,
        state text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        enrichment_status text NOT NULL DEFAULT 'raw',
        confidence_score real NOT NULL DEFAULT 0.8,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX contacts_company ON contacts (company_id)`);
    await queryRunner.query(`CREATE INDEX contacts_email ON contacts (lower(email))`);
    // One row per lead an account has paid for, by reveal or by export: the dedup that makes
    // "charged once per account, ever" a primary key rather than a hope.
    await queryRunner.query(`
      CREATE TABLE reveals (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        contact_id uuid NOT NULL REFERENCES contacts (id),
        contact_seq bigint NOT NULL,
        source text NOT NULL CHECK (source IN ('reveal', 'export')),
        reference text NULL,
        revealed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, contact_id)
      )`);
    await queryRunner.query(`CREATE INDEX reveals_account_seq ON reveals (account_id, contact_seq)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE reveals`);
    await queryRunner.query(`DROP TABLE contacts`);
    await queryRunner.query(`DROP TABLE companies`);
  }
}
