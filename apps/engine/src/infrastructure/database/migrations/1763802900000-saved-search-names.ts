import { MigrationInterface, QueryRunner } from 'typeorm';

const NAME_MAX_LENGTH = 100;

/**
 * `name (n)`, the name cut (never inside a surrogate pair) so that the whole stays within the length
 * limit. Kept here rather than imported so that this migration does the same thing for ever.
 */
export function numberedName(name: string, n: number): string {
  const suffix = ` (${n})`;
  let kept = name;
  while (kept.length + suffix.length > NAME_MAX_LENGTH) kept = Array.from(kept).slice(0, -1).join('');
  return kept + suffix;
}

export class SavedSearchNames1763802900000 implements MigrationInterface {
  name = 'SavedSearchNames1763802900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Names become unique per account, ignoring case. Of names equal so, the oldest search keeps its name
    // and each later one takes the first free "name (2)", "name (3)"… (free as PostgreSQL's lower() sees it).
    const duplicates: Array<{ id: string; account_id: string; name: string }> = await queryRunner.query(`
      SELECT id, account_id, name FROM (
        SELECT id, account_id, name, created_at,
               row_number() OVER (PARTITION BY account_id, lower(name) ORDER BY created_at, id) AS rank
        FROM saved_searches
      ) ranked
      WHERE rank > 1
      ORDER BY account_id, lower(name), created_at, id
    `);
    for (const search of duplicates) {
      for (let n = 2; ; n++) {
        const candidate = numberedName(search.name, n);
        const taken = await queryRunner.query('SELECT 1 FROM saved_searches WHERE account_id = $1 AND lower(name) = lower($2)', [
          search.account_id,
          candidate,
        ]);
        if (taken.length > 0) continue;
        await queryRunner.query('UPDATE saved_searches SET name = $2 WHERE id = $1', [search.id, candidate]);
        break;
      }
    }
    await queryRunner.query('DROP INDEX saved_searches_account_name');
    await queryRunner.query('CREATE UNIQUE INDEX saved_searches_account_name ON saved_searches (account_id, lower(name))');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX saved_searches_account_name');
    await queryRunner.query('CREATE INDEX saved_searches_account_name ON saved_searches (account_id, lower(name))');
  }
}
