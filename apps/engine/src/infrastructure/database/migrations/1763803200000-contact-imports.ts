import { MigrationInterface, QueryRunner } from 'typeorm';

export class ContactImports1763803200000 implements MigrationInterface {
  name = 'ContactImports1763803200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An operator's import from the console: 'uploading' while the file arrives (hidden from every list),
    // then a job like an export's. The file lives in PostgreSQL, a part at a time, so that the worker that
    // imports it may run on another machine than the process that took the upload; its parts go once read.
    await queryRunner.query(`
      CREATE TABLE contact_imports (
        id uuid PRIMARY KEY,
        source text NOT NULL CHECK (source IN ('file', 'generated')),
        status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'queued', 'running', 'completed', 'failed')),
        user_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        filename text NULL,
        total_bytes bigint NULL,
        requested_rows integer NULL,
        seed integer NULL,
        bytes_read bigint NOT NULL DEFAULT 0,
        rows_read integer NOT NULL DEFAULT 0,
        imported integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        rejected integer NOT NULL DEFAULT 0,
        urls_dropped integer NOT NULL DEFAULT 0,
        rejections jsonb NOT NULL DEFAULT '[]'::jsonb,
        note text NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        completed_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX contact_imports_recent ON contact_imports (created_at DESC) WHERE status <> 'uploading'`);
    await queryRunner.query(`
      CREATE TABLE contact_import_parts (
        import_id uuid NOT NULL REFERENCES contact_imports (id) ON DELETE CASCADE,
        part integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (import_id, part)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE contact_import_parts');
    await queryRunner.query('DROP TABLE contact_imports');
  }
}
