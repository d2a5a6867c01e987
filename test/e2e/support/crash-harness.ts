import { Client } from 'pg';
import { LoopbackDnsServer } from '../../../bench/src/support/loopback-dns-server';
import { EngineProcess, freePort } from './engine-under-test';
import { Harness, useHarness } from './harness';
import { loopbackScrapeEnv } from './loopback-scrape-env';
import { LoopbackSites } from './loopback-sites';
import { TestEnvironment } from './test-environment';
import { until } from './until';

/**
 * What every "worker killed mid-job" test stands on: an API engine and any number of worker processes
 * sharing one environment, loopback sites behind a loopback DNS server the workers resolve through, a
 * connection of the test's own to read the ledger, and the means to stop a worker inside the
 * transaction that settles a job.
 */
export class CrashHarness {
  readonly workers: EngineProcess[] = [];
  api!: EngineProcess;
  db!: Client;
  sites!: LoopbackSites;
  dns!: LoopbackDnsServer;
  siteEnv: Record<string, string> = {};

  /** `common` is the file's harness (useHarness) this one stands on. */
  constructor(readonly common: Harness) {}

  get environment(): TestEnvironment {
    return this.common.environment;
  }

  createAccount(name: string, credits?: number) {
    return this.common.createAccount(name, credits);
  }

  /** A worker whose jobs another takes over a second after it dies; killed (SIGKILL) after the file. */
  async startWorker(): Promise<EngineProcess> {
    const worker = await this.common.spawnEngine({ ENGINE_ROLE: 'worker', JOB_LOCK_MS: '1000' });
    this.common.closeAfterAll(() => worker.stop('SIGKILL'));
    this.workers.push(worker);
    return worker;
  }

  get lastWorker(): EngineProcess {
    return this.workers[this.workers.length - 1];
  }

  /** `until`, with the workers' output when it gives up. */
  until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T> {
    return until(what, probe, () => this.workers.map((worker) => worker.output()).join('\n'), timeoutMs);
  }

  /** The ledger rows of one reference (e.g. `scrape:<id>`), oldest first. */
  async ledger(reference: string): Promise<Array<{ kind: string; amount: number }>> {
    return (await this.db.query(`SELECT kind, amount::int AS amount FROM credit_ledger WHERE reference = $1 ORDER BY id`, [reference]))
      .rows;
  }

  /**
   * Locks the ledger, runs `then` (what lets a job reach its settlement), and waits until a worker is
   * blocked writing to the ledger; the lock is held until the answer's `release`. A worker killed while
   * blocked keeps its transaction (and the job's row lock) until PostgreSQL notices it is gone, which
   * can come after the release: `blockedSessionsGone` waits for that.
   */
  async holdLedgerUntilBlocked(
    then: () => void = () => undefined,
  ): Promise<{ release: () => Promise<void>; blockedSessionsGone: () => Promise<void> }> {
    await this.db.query('BEGIN');
    await this.db.query('LOCK TABLE credit_ledger IN EXCLUSIVE MODE');
    then();
    const watcher = new Client({ connectionString: this.environment.databaseUrl });
    await watcher.connect();
    let blocked: number[];
    try {
      blocked = await this.until('a worker to block on writing the ledger', async () => {
        const { rows } = await watcher.query(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO credit_ledger%'`,
        );
        return rows.length > 0 ? rows.map((row) => row.pid as number) : undefined;
      });
    } finally {
      await watcher.end();
    }
    return {
      release: async () => void (await this.db.query('ROLLBACK')),
      blockedSessionsGone: () =>
        this.until('the blocked sessions to end', async () => {
          const { rows } = await this.db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [blocked]);
          return rows[0].n === 0 ? true : undefined;
        }),
    };
  }
}

/**
 * The crash files' harness, on the common one (`engine: 'none'`): sites and DNS start before anything
 * (`serve` sets them up, and may start more, handed to the harness), then the API engine and the ledger
 * connection; `env` goes to the API and every worker. After the file the workers are killed, the
 * connection closed, the API stopped, the sites and DNS stopped and the environment removed.
 */
export function useCrashHarness(
  label: string,
  serve: (sites: LoopbackSites, dns: LoopbackDnsServer, harness: Harness) => void | Promise<void>,
  env: Record<string, string> = {},
): CrashHarness {
  let crash!: CrashHarness;
  const harness = useHarness({
    label,
    engine: 'none',
    prepare: async (harness) => {
      crash.sites = harness.stopAfterAll(await new LoopbackSites().start());
      crash.dns = harness.stopAfterAll(await new LoopbackDnsServer().start());
      await serve(crash.sites, crash.dns, harness);
      crash.siteEnv = {
        ...loopbackScrapeEnv({ dnsServer: crash.dns.address, httpPort: crash.sites.httpPort, httpsPort: await freePort() }),
        ...env,
      };
    },
    env: () => crash.siteEnv,
  });
  crash = new CrashHarness(harness);
  beforeAll(async () => {
    crash.api = await harness.spawnEngine({ ENGINE_ROLE: 'api' });
    crash.db = new Client({ connectionString: harness.environment.databaseUrl });
    await crash.db.connect();
    harness.closeAfterAll(() => crash.db.end());
  });
  return crash;
}
