import { MigrationInterface, QueryRunner } from 'typeorm';

export class SavedSearches1763802100000 implements MigrationInterface {
  name = 'SavedSearches1763802100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The Leads page's saved searches: the account's, not the user's, so they outlive whoever saved them
    // (created_by turns null) and go with the account. Filters are kept as the contract parsed them.
    await queryRunner.query(`
      CREATE TABLE saved_searches (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL CONSTRAINT saved_searches_name_check CHECK (char_length(name) BETWEEN 1 AND 100),
        filters jsonb NOT NULL,
        created_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The list is one account's searches by name, case-insensitively.
    await queryRunner.query('CREATE INDEX saved_searches_account_name ON saved_searches (account_id, lower(name))');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE saved_searches');
  }
}
