import { Client } from 'pg';
import { LeadTableRepository } from '../../apps/engine/src/modules/leads/lead-table.repository';
import { useHarness } from './support/harness';
import { until } from './support/until';

/**
 * What PostgreSQL keeps so an engine can read only the contacts changed since its table (issue 23):
 * each contact's lead_version, taken in commit order, and reload_version for what no delta expresses.
 */
describe('lead data changes kept by the database', () => {
  const harness = useHarness({ label: 'lead_changes', engine: 'none' });
  const clients: Client[] = [];

  const connect = async () => {
    const client = new Client({ connectionString: harness.environment.databaseUrl });
    await client.connect();
    clients.push(client);
    return client;
  };
  const versions = async (client: Client) =>
    (await client.query<{ version: string; reload_version: string }>('SELECT version, reload_version FROM lead_data_version')).rows[0];
  const contactVersion = async (client: Client, seq: string) =>
    (await client.query<{ lead_version: string }>('SELECT lead_version FROM contacts WHERE seq = $1', [seq])).rows[0].lead_version;

  beforeAll(async () => {
    harness.closeAfterAll(async () => {
      for (const client of clients) await client.end().catch(() => undefined);
    });
    await harness.generateContacts(300, 5);
  }, 120_000);

  it('gives every contact written by a load the version of its statement, and keeps its index through a bulk load', async () => {
    const client = await connect();
    const { rows } = await client.query<{ unversioned: number; max: string }>(
      'SELECT count(*) FILTER (WHERE lead_version IS NULL)::int AS unversioned, max(lead_version) AS max FROM contacts',
    );
    expect(rows[0].unversioned).toBe(0);
    expect(Number(rows[0].max)).toBeLessThanOrEqual(Number((await versions(client)).version));
    const index = await client.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'contacts_lead_version'`);
    expect(index.rows).toEqual([{ indexdef: expect.stringContaining('WHERE (lead_version IS NOT NULL)') }]);
  });

  it('moves an updated contact to the version of its update, and only that contact', async () => {
    const client = await connect();
    const before = (await versions(client)).version;
    const { rows } = await client.query<{ seq: string }>(
      `UPDATE contacts SET job_title = 'Chief Delta Officer' WHERE seq = (SELECT min(seq) FROM contacts) RETURNING seq`,
    );
    const after = await versions(client);
    expect(Number(after.version)).toBeGreaterThan(Number(before));
    expect(await contactVersion(client, rows[0].seq)).toBe(after.version);
    const changed = await client.query<{ seq: string }>('SELECT seq FROM contacts WHERE lead_version > $1', [before]);
    expect(changed.rows).toEqual([{ seq: rows[0].seq }]);
  });

  it('gives concurrent writers their versions in commit order: the second waits for the first to commit', async () => {
    const [first, second, observer] = [await connect(), await connect(), await connect()];
    const seqs = (await observer.query<{ seq: string }>('SELECT seq FROM contacts ORDER BY seq LIMIT 2 OFFSET 10')).rows.map(
      (row) => row.seq,
    );
    await first.query('BEGIN');
    await first.query(`UPDATE contacts SET seniority = 'VP' WHERE seq = $1`, [seqs[0]]);
    await second.query('BEGIN');
    const secondPid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const secondUpdate = second.query(`UPDATE contacts SET seniority = 'Director' WHERE seq = $1`, [seqs[1]]);
    await until('the second writer to wait for the first', async () => {
      const { rows } = await observer.query<{ wait_event_type: string | null }>(
        'SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1',
        [secondPid],
      );
      return rows[0]?.wait_event_type === 'Lock' ? true : undefined;
    });
    await first.query('COMMIT');
    await secondUpdate;
    await second.query('COMMIT');
    const [firstVersion, secondVersion] = [await contactVersion(observer, seqs[0]), await contactVersion(observer, seqs[1])];
    expect(Number(secondVersion)).toBeGreaterThan(Number(firstVersion));
  });

  const readLeadChanges = (client: Client, since: number) => new LeadTableRepository(client).readChangesSince(since);

  it('reads exactly the contacts changed since a version, with their companies, and the version they bring a table to', async () => {
    const client = await connect();
    const since = Number((await versions(client)).version);
    expect((await readLeadChanges(client, since)).contacts).toEqual([]);
    const updated = await client.query<{ seq: string }>(
      `UPDATE contacts SET job_title = 'Head of Deltas' WHERE seq IN (SELECT seq FROM contacts ORDER BY seq DESC LIMIT 2) RETURNING seq`,
    );
    const changes = await readLeadChanges(client, since);
    const now = await versions(client);
    expect(changes.dataVersion).toMatch(new RegExp(`:${now.version}$`));
    expect(changes.reloadVersion).toBe(now.reload_version);
    const expected = await client.query({
      text: `SELECT c.seq::float8, c.company_id::float8, c.job_title, c.seniority, c.department, c.country_code,
                    co.industry, co.size_bucket, co.company_type, co.description
             FROM contacts c JOIN companies co ON co.id = c.company_id WHERE c.seq = ANY($1) ORDER BY c.seq`,
      values: [updated.rows.map((row) => row.seq)],
      rowMode: 'array',
    });
    expect(changes.contacts).toEqual(expected.rows);
    expect(changes.contacts.map((row) => row[2])).toEqual(['Head of Deltas', 'Head of Deltas']);
    // Read again from the version it brought the table to: nothing more.
    expect((await readLeadChanges(client, Number(changes.dataVersion.split(':')[1]))).contacts).toEqual([]);
  });

  it('moves reload_version for removals and lead-relevant company changes, not for contacts written or companies renamed', async () => {
    const client = await connect();
    const reload = async () => (await versions(client)).reload_version;
    const start = await reload();
    await client.query(`UPDATE contacts SET department = 'Legal' WHERE seq = (SELECT max(seq) FROM contacts)`);
    await client.query(`UPDATE companies SET name = name || ' Inc' WHERE id = (SELECT min(id) FROM companies)`);
    await client.query(`UPDATE companies SET description = description WHERE id = (SELECT min(id) FROM companies)`);
    expect(await reload()).toBe(start);
    await client.query(`UPDATE companies SET description = 'Now something else entirely' WHERE id = (SELECT min(id) FROM companies)`);
    const afterCompany = await reload();
    expect(Number(afterCompany)).toBe(Number(start) + 1);
    await client.query('DELETE FROM contacts WHERE seq = (SELECT max(seq) FROM contacts)');
    expect(Number(await reload())).toBe(Number(afterCompany) + 1);
  });
});
