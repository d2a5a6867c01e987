import { watch } from 'node:fs';
import { open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { EngineProcess } from './support/engine-under-test';
import { http } from './support/http';
import { useHarness } from './support/harness';
import { until } from './support/until';

const SNAPSHOT_FILE = 'lead-table.snapshot';
const FILTERS = [{}, { seniority: ['VP', 'Director'] }, { industry: ['Computer Software'], jobTitles: ['engineer'] }];

/** The lines an engine logged with this message, parsed. */
function logLines(engine: EngineProcess, message: string): Array<Record<string, any>> {
  return engine
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === message);
}

/** The lines once the engine's load has been logged: its output reaches the test through a pipe, after /ready may already say 200. */
async function linesOnceLoaded(engine: EngineProcess, message: string): Promise<Array<Record<string, any>>> {
  await until('the load to be logged', async () => (logLines(engine, 'lead index loaded').length > 0 ? true : undefined), engine.output);
  return logLines(engine, message);
}

/** The lines of a message once one has arrived: the engine logs asynchronously, so a line may reach its stdout after /ready answers. */
async function linesOnceLogged(engine: EngineProcess, message: string): Promise<Array<Record<string, any>>> {
  return until(
    `"${message}" to be logged`,
    async () => (logLines(engine, message).length > 0 ? logLines(engine, message) : undefined),
    engine.output,
  );
}

describe('leads: the lead table kept as a snapshot between restarts', () => {
  const harness = useHarness({ label: 'lead_snapshot', engine: 'none' });
  let apiKey: string;
  let engine: EngineProcess | null = null;
  let snapshotPath: string;

  const start = async (overrides: Record<string, string> = {}) => {
    engine = await harness.spawnEngine({ ENGINE_ROLE: 'api', ...overrides });
    return engine;
  };
  const stop = async () => {
    await engine?.stop();
    engine = null;
  };
  const counts = async (running: EngineProcess) => {
    const totals: number[] = [];
    for (const filters of FILTERS) {
      const response = await http(running.url, 'POST', '/api/v1/leads/search', { apiKey, body: filters });
      expect(response.status).toBe(200);
      totals.push(response.body.estimated_total);
    }
    return totals;
  };
  /** Counts straight from PostgreSQL would need the engine's filters; the counts of a table loaded from it serve as the truth. */
  const countsFromDatabase = async () => {
    await rm(path.dirname(snapshotPath), { recursive: true, force: true });
    const running = await start();
    const truth = await counts(running);
    await stop();
    return truth;
  };
  const readyWhenLoaded = async (running: EngineProcess) =>
    until(
      'the engine to be ready',
      async () => ((await http(running.url, 'GET', '/ready')).status === 200 ? true : undefined),
      running.output,
      60_000,
    );

  beforeAll(async () => {
    await harness.generateContacts(4_000, 21);
    ({ apiKey } = await harness.createAccount('Snapshots'));
    const client = new Client({ connectionString: harness.environment.databaseUrl });
    await client.connect();
    const { rows } = await client.query('SELECT dataset FROM lead_data_version');
    await client.end();
    snapshotPath = path.join(harness.environment.snapshotDir, rows[0].dataset, SNAPSHOT_FILE);
  }, 120_000);

  afterEach(async () => {
    await stop();
  });

  it('loads from PostgreSQL at boot when there is no snapshot, writes one, then restarts from it with the same counts', async () => {
    const first = await start();
    await readyWhenLoaded(first);
    expect(await linesOnceLoaded(first, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([
      expect.objectContaining({ reason: 'missing' }),
    ]);
    expect((await http(first.url, 'GET', '/health')).body.leadTable).toMatchObject({ state: 'ready', source: 'database', contacts: 4000 });
    const truth = await counts(first);
    expect(truth[0]).toBe(4000);
    await until('the snapshot file', async () => ((await stat(snapshotPath).catch(() => null)) ? true : undefined), first.output);
    await stop();

    const second = await start();
    await readyWhenLoaded(second);
    expect(await linesOnceLoaded(second, 'lead index loaded')).toEqual([expect.objectContaining({ source: 'snapshot', contacts: 4000 })]);
    expect(await linesOnceLoaded(second, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([]);
    const health = (await http(second.url, 'GET', '/health')).body.leadTable;
    expect(health).toMatchObject({ state: 'ready', source: 'snapshot', contacts: 4000, snapshotAgeSeconds: expect.any(Number) });
    expect(await counts(second)).toEqual(truth);
  }, 120_000);

  describe('a snapshot it cannot trust is ignored with one log line, and the counts stay exact', () => {
    let truth: number[];

    beforeAll(async () => {
      truth = await countsFromDatabase();
    }, 120_000);

    const damageThenRestart = async (damage: (file: string) => Promise<void>, reason: string) => {
      await damage(snapshotPath);
      const running = await start();
      await readyWhenLoaded(running);
      expect(await linesOnceLoaded(running, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([
        expect.objectContaining({ reason }),
      ]);
      expect(await linesOnceLoaded(running, 'lead index loaded')).toEqual([expect.objectContaining({ source: 'database' })]);
      expect(await counts(running)).toEqual(truth);
      // It wrote a good one again for the next start.
      await stop();
      const next = await start();
      await readyWhenLoaded(next);
      expect(await linesOnceLoaded(next, 'lead index loaded')).toEqual([expect.objectContaining({ source: 'snapshot' })]);
      expect(await counts(next)).toEqual(truth);
    };

    it('bytes flipped in the middle', async () => {
      await damageThenRestart(async (file) => {
        const bytes = await readFile(file);
        const middle = Math.floor(bytes.length / 2);
        for (let index = middle; index < middle + 8; index++) bytes[index] ^= 0xff;
        await writeFile(file, bytes);
      }, 'corrupt');
    }, 120_000);

    it('truncated', async () => {
      await damageThenRestart(async (file) => {
        const handle = await open(file, 'r+');
        await handle.truncate((await handle.stat()).size - 1000);
        await handle.close();
      }, 'truncated');
    }, 120_000);

    it('from an older format version', async () => {
      await damageThenRestart(async (file) => {
        const handle = await open(file, 'r+');
        const version = Buffer.alloc(4);
        version.writeUInt32LE(0);
        await handle.write(version, 0, 4, 8);
        await handle.close();
      }, 'format-version');
    }, 120_000);

    it('left half-written by a writer that was killed, with no snapshot beside it', async () => {
      const bytes = await readFile(snapshotPath);
      await rm(snapshotPath);
      await writeFile(path.join(path.dirname(snapshotPath), `${SNAPSHOT_FILE}.4242.deadbeef.tmp`), bytes.subarray(0, bytes.length / 2));
      const running = await start();
      await readyWhenLoaded(running);
      expect(await linesOnceLoaded(running, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([
        expect.objectContaining({ reason: 'missing' }),
      ]);
      expect(await counts(running)).toEqual(truth);
    }, 120_000);
  });

  it('starts cleanly after being killed while it wrote its snapshot', async () => {
    const truth = await countsFromDatabase();
    await rm(path.dirname(snapshotPath), { recursive: true, force: true });
    const directory = path.dirname(snapshotPath);
    await import('node:fs/promises').then(({ mkdir }) => mkdir(directory, { recursive: true }));
    // The kill lands the moment the writer creates its temp file, named by the writer's pid; that may be
    // before the engine answers /health, since its lead table loads while it boots.
    let killedAt: string | null = null;
    const watcher = watch(directory, (_, name) => {
      const writer = name?.match(/^lead-table\.snapshot\.(\d+)\.\w+\.tmp$/);
      if (killedAt === null && writer) {
        killedAt = name;
        process.kill(Number(writer[1]), 'SIGKILL');
      }
    });
    try {
      const victim = await start().catch(() => null);
      if (victim) {
        await until(
          'the kill',
          async () => (victim.child.exitCode !== null || victim.child.signalCode !== null ? true : undefined),
          victim.output,
          60_000,
        );
      }
    } finally {
      watcher.close();
    }
    expect(killedAt).not.toBeNull();
    engine = null;
    const running = await start();
    await readyWhenLoaded(running);
    expect(await counts(running)).toEqual(truth);
    expect((await readdir(directory)).filter((name) => name === SNAPSHOT_FILE)).toEqual([SNAPSHOT_FILE]);
  }, 120_000);

  it('serves from PostgreSQL and says once that it could not write its snapshot when the directory cannot be made', async () => {
    const truth = await countsFromDatabase();
    const notADirectory = path.join(harness.environment.snapshotDir, 'a-file');
    await writeFile(notADirectory, 'not a directory');
    const running = await start({ LEAD_SNAPSHOT_DIR: notADirectory });
    await readyWhenLoaded(running);
    expect(await counts(running)).toEqual(truth);
    await until(
      'the write failure to be logged',
      async () =>
        logLines(running, 'lead table snapshot not written; the next start loads from PostgreSQL').length > 0 ? true : undefined,
      running.output,
    );
    expect(logLines(running, 'lead table snapshot not written; the next start loads from PostgreSQL')).toEqual([
      expect.objectContaining({ level: 40, reason: expect.any(String) }),
    ]);
    expect(logLines(running, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([
      expect.objectContaining({ reason: 'unreadable' }),
    ]);
    expect((await http(running.url, 'GET', '/health')).body.leadTable).toMatchObject({
      state: 'ready',
      source: 'database',
      snapshotAgeSeconds: null,
    });
  }, 120_000);

  it('neither reads nor writes a snapshot when LEAD_SNAPSHOT_DIR is off', async () => {
    const truth = await countsFromDatabase();
    await rm(path.dirname(snapshotPath), { recursive: true, force: true });
    const running = await start({ LEAD_SNAPSHOT_DIR: 'off' });
    await readyWhenLoaded(running);
    expect(await counts(running)).toEqual(truth);
    expect(await linesOnceLoaded(running, 'lead index loaded')).toEqual([expect.objectContaining({ source: 'database' })]);
    expect(logLines(running, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([]);
    expect((await http(running.url, 'GET', '/health')).body.leadTable).toMatchObject({
      state: 'ready',
      source: 'database',
      snapshotAgeSeconds: null,
    });
    await stop();
    expect(await stat(path.dirname(snapshotPath)).catch(() => null)).toBeNull();
  }, 120_000);

  it('ignores a stale snapshot (contacts imported while it was down) and counts the new contacts', async () => {
    const before = await start();
    await readyWhenLoaded(before);
    const [total] = await counts(before);
    await stop();
    await harness.generateContacts(500, 22);

    const running = await start();
    await readyWhenLoaded(running);
    expect(await linesOnceLoaded(running, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([
      expect.objectContaining({ reason: 'stale' }),
    ]);
    expect((await counts(running))[0]).toBe(total + 500);
  }, 120_000);

  it('starts from a snapshot a few imports old and adds what changed since as a delta, counting as from PostgreSQL', async () => {
    const before = await start();
    await readyWhenLoaded(before);
    const [total] = await counts(before);
    await stop();
    // 100 of 4,500 contacts is within the 5% a delta holds.
    await harness.generateContacts(100, 23);

    const running = await start();
    await readyWhenLoaded(running);
    expect(await linesOnceLoaded(running, 'lead index loaded')).toEqual([expect.objectContaining({ source: 'snapshot', contacts: total })]);
    expect(await linesOnceLogged(running, 'lead changes applied')).toEqual([expect.objectContaining({ contacts: 100 })]);
    expect((await http(running.url, 'GET', '/health')).body.leadTable).toMatchObject({
      state: 'ready',
      source: 'snapshot',
      contacts: total + 100,
      deltas: 1,
      deltaContacts: 100,
    });
    const caughtUp = await counts(running);
    expect(caughtUp[0]).toBe(total + 100);
    await stop();
    expect(await countsFromDatabase()).toEqual(caughtUp);
  }, 180_000);

  it('merges changes past 5% into its segments while it runs, writes them as its snapshot, and the next start reads that', async () => {
    const running = await start();
    await readyWhenLoaded(running);
    const [total] = await counts(running);
    // 200 then 100 of some 4,600 contacts: each within what a delta holds, together past the 5% that starts a merge.
    await harness.generateContacts(200, 24);
    await until(
      'the first import to be applied',
      async () => ((await counts(running))[0] === total + 200 ? true : undefined),
      running.output,
      60_000,
    );
    await harness.generateContacts(100, 25);
    const merged = await until(
      'the changes to be merged into the segments',
      async () => {
        const table = (await http(running.url, 'GET', '/health')).body.leadTable;
        return table.contacts === total + 300 && !table.merging && table.deltas === 0 ? table : undefined;
      },
      running.output,
      60_000,
    );
    expect(logLines(running, 'lead table loading again whole')).toEqual([]);
    expect(await linesOnceLogged(running, 'lead table segments merged')).toEqual([expect.objectContaining({ deltas: 0 })]);
    const afterMerge = await counts(running);
    await stop();

    const restarted = await start();
    await readyWhenLoaded(restarted);
    expect(await linesOnceLoaded(restarted, 'lead index loaded')).toEqual([
      expect.objectContaining({ source: 'snapshot', contacts: total + 300, segments: merged.segments }),
    ]);
    expect(logLines(restarted, 'lead changes applied')).toEqual([]);
    expect(await counts(restarted)).toEqual(afterMerge);
    await stop();
    expect(await countsFromDatabase()).toEqual(afterMerge);
  }, 180_000);

  it('refuses a snapshot older than a removal, which no delta can express', async () => {
    const before = await start();
    await readyWhenLoaded(before);
    const [total] = await counts(before);
    await stop();
    const client = new Client({ connectionString: harness.environment.databaseUrl });
    await client.connect();
    await client.query('DELETE FROM contacts WHERE seq = (SELECT max(seq) FROM contacts)');
    await client.end();

    const running = await start();
    await readyWhenLoaded(running);
    expect(await linesOnceLoaded(running, 'lead table snapshot not used; loading from PostgreSQL')).toEqual([
      expect.objectContaining({ reason: 'stale', detail: expect.stringContaining('removed') }),
    ]);
    expect((await counts(running))[0]).toBe(total - 1);
  }, 120_000);

  it('is not ready while the table loads, and a lead request then answers 503 LEADS_SOURCE_DOWN within the bound', async () => {
    await rm(path.dirname(snapshotPath), { recursive: true, force: true });
    // The load reads contacts in one transaction, which waits for this lock: the table stays loading until it is released.
    const blocker = new Client({ connectionString: harness.environment.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE');
      const running = await start({ LEAD_TABLE_WAIT_MS: '500' });
      const ready = await http(running.url, 'GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        code: 'NOT_READY',
        message: expect.stringContaining('lead table is loading'),
        checks: { leadTable: 'loading', postgres: 'up' },
      });
      expect((await http(running.url, 'GET', '/health')).body.leadTable).toMatchObject({ state: 'loading' });

      const startedAt = Date.now();
      const search = await http(running.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} });
      const elapsedMs = Date.now() - startedAt;
      expect(search.status).toBe(503);
      expect(search.body).toMatchObject({ code: 'LEADS_SOURCE_DOWN', message: expect.stringContaining('loading') });
      expect(Number(search.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(elapsedMs).toBeGreaterThanOrEqual(450);
      // The bound is 0.5 s here; far more than that would be a hang, whatever the machine's load.
      expect(elapsedMs).toBeLessThan(10_000);

      await blocker.query('COMMIT');
      await readyWhenLoaded(running);
      expect((await http(running.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} })).status).toBe(200);
    } finally {
      await blocker.end();
    }
  }, 120_000);
});
