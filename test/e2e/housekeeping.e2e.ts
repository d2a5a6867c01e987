import type { MeResponse } from '@lead-engine/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createLogger } from '../../apps/engine/src/infrastructure/logging/create-logger';
import { ConsoleClient } from './support/console-session';
import { useHarness } from './support/harness';
import { until } from './support/until';

/** The sweeper's advisory lock (ExpiredRowsRepository). */
const SWEEP_LOCK = 7_114_224;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Swept = { revealQuotes: number; exportQuotes: number; sessions: number; invites: number };

describe('housekeeping: expired rows are swept', () => {
  /** The API engine's log lines, written by its own logger (at debug, so a sweep turn it took would show). */
  const apiLog: string[] = [];
  const harness = useHarness({
    label: 'housekeeping',
    // An API-only engine with the same short interval as the worker below: it must never sweep.
    env: { ENGINE_ROLE: 'api', HOUSEKEEPING_INTERVAL_MS: '100', LOG_LEVEL: 'debug' },
    startOptions: { logger: createLogger('debug', { role: 'api' }, { write: (line: string) => void apiLog.push(line) }) },
  });
  let db: Client;
  let accountId: string;
  let console_: ConsoleClient;
  let userId: string;
  /** Fixture rows by label, and which labels a sweep must delete. */
  const ids = new Map<string, string>();
  const doomed = new Set<string>();

  const ago = (ms: number) => new Date(Date.now() - ms);
  const labelsOf = (rows: { id: string }[]) =>
    rows.map((row) => [...ids].find(([, id]) => id === row.id)?.[0] ?? `unlabelled ${row.id}`).sort();
  const labelsIn = async (table: string) => labelsOf((await db.query(`SELECT id FROM ${table}`)).rows);
  const expectedIn = (prefix: string, extra: string[] = []) =>
    [...ids.keys()]
      .filter((label) => label.startsWith(prefix) && !doomed.has(label))
      .concat(extra)
      .sort();
  const label = (name: string, deleted: boolean) => {
    const id = randomUUID();
    ids.set(name, id);
    if (deleted) doomed.add(name);
    return id;
  };

  async function sweep(): Promise<Swept> {
    const result = await harness.cli(['housekeeping:sweep', '--json']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]);
  }

  async function revealQuote(name: string, deleted: boolean, at: { created: number; expires: number; paid?: number }) {
    await db.query(
      `INSERT INTO reveal_quotes (id, account_id, lead_ids_digest, lead_count, credits, created_at, expires_at, paid_at, result)
       VALUES ($1, $2, $3, 1, 1, $4, $5, $6, $7)`,
      [
        label(`reveal ${name}`, deleted),
        accountId,
        name,
        ago(at.created),
        ago(at.expires),
        at.paid === undefined ? null : ago(at.paid),
        at.paid === undefined ? null : { credits_charged: 1, new_reveals: 1, already_revealed: 0, not_found: [] },
      ],
    );
  }

  async function exportQuote(name: string, deleted: boolean, expiredAgo: number, used: boolean) {
    const exportId = used ? label(`export of ${name}`, false) : null;
    if (exportId) {
      await db.query(
        `INSERT INTO exports (id, account_id, status, filters, requested_limit, delivery_limit, created_at)
         VALUES ($1, $2, 'completed', '{}', 10, 10, $3)`,
        [exportId, accountId, ago(expiredAgo + 5 * MINUTE)],
      );
    }
    await db.query(
      `INSERT INTO export_quotes (id, account_id, request_digest, credits, created_at, expires_at, export_id)
       VALUES ($1, $2, $3, 10, $4, $5, $6)`,
      [label(`export quote ${name}`, deleted), accountId, name, ago(expiredAgo + 10 * MINUTE), ago(expiredAgo), exportId],
    );
  }

  async function session(name: string, deleted: boolean, createdAgo: number, seenAgo: number) {
    await db.query(`INSERT INTO user_sessions (id, user_id, token_hash, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)`, [
      label(`session ${name}`, deleted),
      userId,
      randomBytes(32),
      ago(createdAgo),
      ago(seenAgo),
    ]);
  }

  async function invite(name: string, deleted: boolean, expiredAgo: number, used: boolean) {
    await db.query(
      `INSERT INTO user_invites (id, token_hash, user_id, purpose, created_at, expires_at, used_at)
       VALUES ($1, $2, $3, 'reset', $4, $5, $6)`,
      [
        label(`invite ${name}`, deleted),
        randomBytes(32),
        userId,
        ago(expiredAgo + 7 * DAY),
        ago(expiredAgo),
        used ? ago(expiredAgo + DAY) : null,
      ],
    );
  }

  beforeAll(async () => {
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
    accountId = (await harness.createAccount('Tidy')).accountId;
    const user = await harness.signIn({ accountId });
    console_ = user.client;
    userId = user.userId;
    const [live] = (await db.query('SELECT id FROM user_sessions WHERE user_id = $1', [userId])).rows;
    ids.set('session signed in now', live.id);
    const [accepted] = (await db.query('SELECT id FROM user_invites WHERE user_id = $1', [userId])).rows;
    ids.set('invite accepted now', accepted.id);
  });

  it('housekeeping:sweep deletes exactly the rows past their cut-offs, and a second run finds nothing', async () => {
    const ttl = 10 * MINUTE;
    await revealQuote('unpaid, expired 50 days ago', true, { created: 50 * DAY + ttl, expires: 50 * DAY });
    await revealQuote('unpaid, expired 2 hours ago', true, { created: 2 * HOUR + ttl, expires: 2 * HOUR });
    await revealQuote('unpaid, expired 30 minutes ago (grace)', false, { created: 30 * MINUTE + ttl, expires: 30 * MINUTE });
    await revealQuote('unpaid, live', false, { created: 5 * MINUTE, expires: -5 * MINUTE });
    await revealQuote('paid 10 days ago', false, { created: 10 * DAY + MINUTE, paid: 10 * DAY, expires: 10 * DAY + MINUTE - ttl });
    await revealQuote('paid 29 days ago', false, { created: 29 * DAY + MINUTE, paid: 29 * DAY, expires: 29 * DAY + MINUTE - ttl });
    await revealQuote('paid 31 days ago', true, { created: 31 * DAY + MINUTE, paid: 31 * DAY, expires: 31 * DAY + MINUTE - ttl });
    await revealQuote('paid 40 days ago', true, { created: 40 * DAY + MINUTE, paid: 40 * DAY, expires: 40 * DAY + MINUTE - ttl });

    await exportQuote('unused, expired 2 hours ago', true, 2 * HOUR, false);
    await exportQuote('unused, expired 30 minutes ago (grace)', false, 30 * MINUTE, false);
    await exportQuote('unused, live', false, -5 * MINUTE, false);
    await exportQuote('used, expired 10 days ago', false, 10 * DAY, true);
    await exportQuote('used, expired 40 days ago', true, 40 * DAY, true);

    await session('idle 8 days', true, 9 * DAY, 8 * DAY);
    await session('created 31 days ago, seen an hour ago', true, 31 * DAY, HOUR);
    await session('idle 6 days, created 20 days ago', false, 20 * DAY, 6 * DAY);

    await invite('unused, expired 2 days ago', true, 2 * DAY, false);
    await invite('used, expired 3 days ago', true, 3 * DAY, true);
    await invite('unused, expired 12 hours ago', false, 12 * HOUR, false);

    expect(await sweep()).toEqual({ revealQuotes: 4, exportQuotes: 2, sessions: 2, invites: 2 });

    expect(await labelsIn('reveal_quotes')).toEqual(expectedIn('reveal '));
    expect(await labelsIn('reveal_quotes')).toEqual(
      ['reveal paid 10 days ago', 'reveal paid 29 days ago', 'reveal unpaid, expired 30 minutes ago (grace)', 'reveal unpaid, live'].sort(),
    );
    expect(await labelsIn('export_quotes')).toEqual(expectedIn('export quote '));
    expect(await labelsIn('export_quotes')).toHaveLength(3);
    // Both exports stay, the one whose quote was deleted too.
    expect(await labelsIn('exports')).toEqual(['export of used, expired 10 days ago', 'export of used, expired 40 days ago']);
    expect(await labelsIn('user_sessions')).toEqual(['session idle 6 days, created 20 days ago', 'session signed in now']);
    expect(await labelsIn('user_invites')).toEqual(['invite accepted now', 'invite unused, expired 12 hours ago']);

    // The signed-in user is still signed in.
    const me = await console_.json<MeResponse>('GET', '/console/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(userId);

    expect(await sweep()).toEqual({ revealQuotes: 0, exportQuotes: 0, sessions: 0, invites: 0 });
    expect(await labelsIn('reveal_quotes')).toHaveLength(4);
  });

  it('deletes in batches until none is left: 2,500 expired quotes go in one sweep', async () => {
    await db.query(
      `INSERT INTO reveal_quotes (id, account_id, lead_ids_digest, lead_count, credits, created_at, expires_at)
       SELECT gen_random_uuid(), $1, 'bulk ' || n, 1, 1, now() - interval '3 hours', now() - interval '2 hours' - n * interval '1 second'
       FROM generate_series(1, 2500) AS n`,
      [accountId],
    );
    expect(await sweep()).toEqual({ revealQuotes: 2500, exportQuotes: 0, sessions: 0, invites: 0 });
    expect((await db.query(`SELECT count(*)::int AS n FROM reveal_quotes WHERE lead_ids_digest LIKE 'bulk %'`)).rows[0].n).toBe(0);
    expect(await labelsIn('reveal_quotes')).toEqual(expectedIn('reveal '));
  });

  it('a worker sweeps on its own every HOUSEKEEPING_INTERVAL_MS, one process at a time; an API-only engine never does', async () => {
    await exportQuote('unused, expired 3 hours ago (for the worker)', true, 3 * HOUR, false);
    // While the test holds the sweep lock, each of the worker's turns finds it taken and says so (at debug).
    await db.query('SELECT pg_advisory_lock($1)', [SWEEP_LOCK]);
    let locked = true;
    try {
      const worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker', HOUSEKEEPING_INTERVAL_MS: '100', LOG_LEVEL: 'debug' });
      const skipped = () =>
        worker
          .output()
          .split('\n')
          .filter((line) => line.includes('"context":"SweepExpiredRowsJob"') && line.includes('this one skips its turn')).length;
      await until('five of the worker’s turns to find the lock taken', async () => (skipped() >= 5 ? true : undefined), worker.output);
      // The API engine, up far longer with the same interval, took no turn at all (its Nest lines do reach its log).
      expect(apiLog.join('')).toContain('HousekeepingModule');
      expect(apiLog.join('')).not.toContain('SweepExpiredRowsJob');
      expect(await labelsIn('export_quotes')).toContain('export quote unused, expired 3 hours ago (for the worker)');

      await db.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK]);
      locked = false;
      await until('the worker to delete the expired quote', async () => {
        const left = await labelsIn('export_quotes');
        return left.includes('export quote unused, expired 3 hours ago (for the worker)') ? undefined : left;
      });
      expect(await labelsIn('export_quotes')).toEqual(expectedIn('export quote '));
      const logged = await until(
        "the worker's line with the counts",
        async () =>
          worker
            .output()
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line) => JSON.parse(line))
            .find((entry) => entry.msg === 'expired rows deleted'),
        worker.output,
      );
      expect(logged).toMatchObject({
        level: 30,
        context: 'SweepExpiredRowsJob',
        revealQuotes: 0,
        exportQuotes: 1,
        sessions: 0,
        invites: 0,
      });
      expect(apiLog.join('')).not.toContain('SweepExpiredRowsJob');
      expect(await worker.stop()).toBe(0);
    } finally {
      if (locked) await db.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK]);
    }
  });
});
