import { Client } from 'pg';
import { LoopbackDnsServer } from '../../../bench/src/support/loopback-dns-server';
import { EngineProcess, freePort, spawnEngine } from './engine-under-test';
import { LoopbackSites } from './loopback-sites';
import { createTestEnvironment, TestEnvironment } from './test-environment';
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
  private siteEnv: Record<string, string> = {};

  private constructor(
    readonly environment: TestEnvironment,
    readonly sites: LoopbackSites,
    readonly dns: LoopbackDnsServer,
  ) {}

  /** Starts sites and DNS, lets `serve` set them up, then the API engine; `env` goes to the API and every worker. */
  static async start(
    label: string,
    serve: (sites: LoopbackSites, dns: LoopbackDnsServer) => void,
    env: Record<string, string> = {},
  ): Promise<CrashHarness> {
    const harness = new CrashHarness(
      createTestEnvironment(label),
      await new LoopbackSites().start(),
      await new LoopbackDnsServer().start(),
    );
    serve(harness.sites, harness.dns);
    harness.siteEnv = {
      SCRAPE_ALLOW_PRIVATE_NETWORKS: 'true',
      SCRAPE_DNS_SERVERS: harness.dns.address,
      SCRAPE_HTTP_PORT: String(harness.sites.httpPort),
      SCRAPE_HTTPS_PORT: String(await freePort()),
      SCRAPE_SITE_INTERVAL_MS: '0',
      ...env,
    };
    harness.api = await spawnEngine(harness.environment, { ...harness.siteEnv, ENGINE_ROLE: 'api' });
    harness.db = new Client({ connectionString: harness.environment.databaseUrl });
    await harness.db.connect();
    return harness;
  }

  /** A worker whose jobs another takes over a second after it dies. */
  async startWorker(): Promise<EngineProcess> {
    const worker = await spawnEngine(this.environment, { ...this.siteEnv, ENGINE_ROLE: 'worker', JOB_LOCK_MS: '1000' });
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

  async stop(): Promise<void> {
    await this.db?.end();
    for (const worker of this.workers) await worker.stop('SIGKILL');
    await this.api?.stop();
    await Promise.all([this.sites.stop(), this.dns.stop()]);
    await this.environment.cleanup();
  }
}
