import { useMediumEngine } from '../testing/medium/engine-context';
import { numberedName, SavedSearchNames1763802900000 } from '../src/infrastructure/database/migrations/1763802900000-saved-search-names';

/**
 * The migration that makes saved-search names unique per account (ignoring case), run again inside a rolled-back
 * transaction over names saved before it: the table as it was (a plain index), duplicates inserted, then up().
 */
describe('saved-search names against PostgreSQL: the migration renames duplicates, then refuses them', () => {
  const engine = useMediumEngine('saved_search_names');

  it('cuts a name to fit its number, never inside a surrogate pair', () => {
    expect(numberedName('Berlin CTOs', 2)).toBe('Berlin CTOs (2)');
    expect(numberedName('x'.repeat(100), 12)).toBe(`${'x'.repeat(95)} (12)`);
    expect(numberedName(`${'x'.repeat(95)}😀😀`, 2)).toBe(`${'x'.repeat(95)} (2)`);
    expect(numberedName(`${'x'.repeat(94)}😀😀`, 2)).toBe(`${'x'.repeat(94)}😀 (2)`);
  });

  it('keeps the oldest of names equal ignoring case, numbers the later ones with a free number, leaves other accounts alone', async () => {
    const one = await engine().createAccount('Names one', 0);
    const two = await engine().createAccount('Names two', 0);
    const runner = engine().dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query('DROP INDEX saved_searches_account_name');
      await runner.query('CREATE INDEX saved_searches_account_name ON saved_searches (account_id, lower(name))');
      const saved: Array<[string, string]> = [
        [one.accountId, 'BERLIN CTOS'],
        [one.accountId, 'Berlin CTOs'],
        [one.accountId, 'berlin ctos'],
        [one.accountId, 'Agencies (2)'],
        [one.accountId, 'Agencies'],
        [one.accountId, 'agencies'],
        [one.accountId, 'y'.repeat(100)],
        [one.accountId, 'Y'.repeat(100)],
        [two.accountId, 'berlin ctos'],
      ];
      // Saved in this order, a minute apart; the first of equal names by time keeps it.
      const ids: string[] = [];
      for (const [index, [accountId, name]] of saved.entries()) {
        const [{ id }] = await runner.query(
          `INSERT INTO saved_searches (id, account_id, name, filters, created_at)
           VALUES (gen_random_uuid(), $1, $2, '{}'::jsonb, now() - make_interval(mins => $3)) RETURNING id`,
          [accountId, name, 100 - index],
        );
        ids.push(id);
      }

      await new SavedSearchNames1763802900000().up(runner);

      const rows: Array<{ id: string; name: string }> = await runner.query('SELECT id, name FROM saved_searches WHERE id = ANY($1)', [ids]);
      const nameOf = new Map(rows.map((row) => [row.id, row.name]));
      expect(ids.map((id) => nameOf.get(id))).toEqual([
        'BERLIN CTOS',
        'Berlin CTOs (2)',
        'berlin ctos (3)',
        'Agencies (2)',
        'Agencies',
        'agencies (3)',
        'y'.repeat(100),
        `${'Y'.repeat(96)} (2)`,
        'berlin ctos',
      ]);

      await runner.query('SAVEPOINT again');
      await expect(
        runner.query(`INSERT INTO saved_searches (id, account_id, name, filters) VALUES (gen_random_uuid(), $1, 'AGENCIES', '{}')`, [
          one.accountId,
        ]),
      ).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'saved_searches_account_name' } });
      await runner.query('ROLLBACK TO SAVEPOINT again');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
