import { decodeCompany, fromTransferable } from '@lead-engine/core';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { LeadChangesReader } from '../../apps/engine/src/modules/leads/threads/lead-changes-reader';
import { useHarness } from './support/harness';
import { threadNiceness } from './support/thread-niceness';
import { until } from './support/until';

/** The thread an engine reads its lead changes in (issue 23): a delta built apart from the serving thread. */
describe('leads: the changes thread', () => {
  const harness = useHarness({ label: 'changes_thread', engine: 'none' });
  let client: Client;
  let thread: LeadChangesReader;
  let position: { dataset: string; version: number; reloadVersion: string };

  const readPosition = async () => {
    const { rows } = await client.query<{ dataset: string; version: string; reload_version: string }>(
      'SELECT dataset, version, reload_version FROM lead_data_version',
    );
    return { dataset: rows[0].dataset, version: Number(rows[0].version), reloadVersion: rows[0].reload_version };
  };
  const readSince = (version: number, baseSize = 300, loaded = position) =>
    thread.read({ sinceVersion: version, loaded: { dataset: loaded.dataset, reloadVersion: loaded.reloadVersion }, baseSize });

  beforeAll(async () => {
    await harness.generateContacts(300, 11);
    client = new Client({ connectionString: harness.environment.databaseUrl });
    await client.connect();
    harness.closeAfterAll(() => client.end());
    thread = new LeadChangesReader(harness.environment.databaseUrl);
    harness.closeAfterAll(() => thread.close());
    position = await readPosition();
  }, 120_000);

  it('loads the lead code alone: neither the API schemas (zod) nor the HTML and HTTP libraries of other features', () => {
    // Every thread of every engine holds what it loads for as long as it lives: 90 MB of RSS with the whole of core, 65 without.
    const script = `require('@lead-engine/core/leads');
      console.log(JSON.stringify(Object.keys(require.cache).filter((file) => /node_modules\\/(zod|cheerio|undici)\\//.test(file))))`;
    const loaded = execFileSync(process.execPath, ['-e', script], { cwd: path.resolve(__dirname, '../../apps/engine'), encoding: 'utf8' });
    expect(JSON.parse(loaded)).toEqual([]);
    const whole = execFileSync(process.execPath, ['-e', script.replace("'@lead-engine/core/leads'", "'@lead-engine/core'")], {
      cwd: path.resolve(__dirname, '../../apps/engine'),
      encoding: 'utf8',
    });
    expect(JSON.parse(whole).length).toBeGreaterThan(0);
  });

  it('answers no delta when nothing changed since the version, and the version it read at', async () => {
    const read = await readSince(position.version);
    expect(read).toEqual({
      dataVersion: `${position.dataset}:${position.version}`,
      loadWholeBecause: null,
      delta: null,
      ms: expect.any(Number),
    });
  });

  it('builds the changed contacts into a delta over a company store of its own, their companies under their ids', async () => {
    const since = position.version;
    const updated = await client.query<{ seq: string; company_id: string }>(
      `UPDATE contacts SET job_title = 'Head of Threads' WHERE seq IN (SELECT seq FROM contacts ORDER BY seq DESC LIMIT 3)
       RETURNING seq, company_id`,
    );
    const read = await readSince(since);
    const now = await readPosition();
    expect(read.dataVersion).toBe(`${now.dataset}:${now.version}`);
    expect(read.loadWholeBecause).toBeNull();
    const [delta] = fromTransferable(read.delta!);
    const bySeq = new Map(updated.rows.map((row) => [Number(row.seq), Number(row.company_id)]));
    expect([...delta.seq]).toEqual([...bySeq.keys()].sort((left, right) => left - right));
    expect(new Set(Array.from(delta.title, (title) => delta.titles.value(title)))).toEqual(new Set(['head of threads']));
    const companyIds = Array.from(delta.company, (key) => delta.companies.id[key]);
    expect(companyIds).toEqual([...delta.seq].map((seq) => bySeq.get(seq)));
    const { rows } = await client.query<{ industry: string }>('SELECT industry FROM companies WHERE id = $1', [companyIds[0]]);
    expect(decodeCompany(delta.companies, delta.company[0]).industry).toBe(rows[0].industry);
    position = now;
  });

  it('runs in the background: its own thread at a lower CPU priority, the others as they were', async () => {
    await thread.close();
    const before = threadNiceness('self');
    await readSince(position.version);
    const after = threadNiceness('self');
    const started = [...after.keys()].filter((thread) => !before.has(thread));
    expect(started.map((thread) => after.get(thread))).toContain(10);
    expect([...before].filter(([thread, niceness]) => after.has(thread) && after.get(thread) !== niceness)).toEqual([]);
  });

  it('reads nothing and says why when the changes are for a table loaded whole instead', async () => {
    // Every contact changed since version 0: more than a delta over a base of 300 holds.
    const tooMany = await readSince(0);
    expect(tooMany).toMatchObject({ loadWholeBecause: expect.stringContaining('300 contacts changed at once'), delta: null });
    const elsewhere = await readSince(position.version, 300, { ...position, dataset: 'another' });
    expect(elsewhere).toMatchObject({ loadWholeBecause: 'another dataset was loaded', delta: null });
  });

  it('reads one change after another, answers a failed read with its error, and starts again after being closed', async () => {
    // The three contacts changed together, at the version the table is at now.
    const reads = await Promise.all([readSince(position.version), readSince(position.version - 1)]);
    expect(reads.map((read) => read.delta && fromTransferable(read.delta)[0].size)).toEqual([null, 3]);
    await expect(thread.read({ sinceVersion: Number.NaN, loaded: position, baseSize: 300 })).rejects.toThrow(/invalid input syntax|NaN/);
    expect((await readSince(position.version)).delta).toBeNull();
    await thread.close();
    await client.query(`UPDATE contacts SET seniority = 'VP' WHERE seq = (SELECT min(seq) FROM contacts)`);
    const read = await readSince(position.version);
    expect(fromTransferable(read.delta!)[0].size).toBe(1);
  });

  it('fails a read whose thread ends under it, and reads with a new thread after', async () => {
    // The read waits on this lock, so the thread is ended in the middle of it, whatever the machine's speed.
    const locker = new Client({ connectionString: harness.environment.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE lead_data_version IN ACCESS EXCLUSIVE MODE');
      const cut = readSince(position.version);
      await until('the read to wait for the lock', async () => {
        const { rows } = await client.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows.length > 0 ? true : undefined;
      });
      await thread.close();
      await expect(cut).rejects.toThrow('the lead changes thread exited');
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const now = await readPosition();
    expect((await readSince(position.version)).dataVersion).toBe(`${now.dataset}:${now.version}`);
  });
});
