import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import type { Browser } from 'playwright-core';
import type { RunningEngine, StartOptions } from '../../../apps/engine/src/app/start-engine';
import { launchChromium } from './browser';
import { InviteOptions, signInNewUser, SignedInUser } from './console-session';
import { createMigratedDatabase } from './migrated-database';
import {
  CliResult,
  createAccount,
  EngineProcess,
  REPO_ROOT,
  runCli,
  runCliInProcess,
  spawnEngine,
  startTestEngine,
} from './engine-under-test';
import { expectLedgerInvariant } from './ledger-invariant';
import { queryDatabase } from './query-database';
import { createTestEnvironment, TestEnvironment } from './test-environment';

type Settings = Record<string, string>;
const UNDEFINED_DATABASE = '3D000';
const IN_BACKGROUND_COMMANDS = new Set(['contacts:import', 'contacts:generate']);
/** Seeding, loopback servers and engine starts on a loaded 2-core machine; a test's own budget stays jest's. */
const SET_UP_BUDGET_MS = 240_000;
type InProcessEngine = RunningEngine & { url: string };

export interface HarnessSetup {
  /** What the file tests; the database, Redis key prefix and snapshot folder are named after it. */
  label: string;
  /** Engine settings over the test environment's; a function is read after `prepare`, once loopback servers have their ports. */
  env?: Settings | (() => Settings);
  /** Runs before the engine starts: contacts to seed, loopback servers to start (handed to `stopAfterAll`). */
  prepare?: (harness: Harness) => Promise<void>;
  /** The engine of the file: in this process (default), as its own process the way `npm start` runs it, or none (the tests start their own). */
  engine?: 'in-process' | 'process' | 'none';
  startOptions?: StartOptions;
  /** The ledger balances after every test (default); off only for files that break the database on purpose. */
  ledgerInvariant?: boolean;
  /** Launches Debian's Chromium for the file's tests (the app must be built). */
  browser?: boolean;
}

interface Stoppable {
  stop(): Promise<unknown>;
}

/**
 * One test file's engine and everything around it: a fresh environment, the engine started with the
 * file's settings, a browser when asked, and the hooks that check the ledger after each test and take
 * it all down after the last. Call `useHarness` in a `describe` body; its fields are there from the
 * first test (and in `beforeAll` hooks declared after it).
 */
export class Harness {
  private environmentOrNull: TestEnvironment | null = null;
  private inProcess: InProcessEngine | null = null;
  private spawned: EngineProcess | null = null;
  private chromium: Browser | null = null;
  private readonly teardown: Array<() => Promise<unknown>> = [];

  constructor(private readonly setup: HarnessSetup) {}

  get environment(): TestEnvironment {
    return this.required(this.environmentOrNull, 'the environment');
  }

  get settings(): Settings {
    return typeof this.setup.env === 'function' ? this.setup.env() : (this.setup.env ?? {});
  }

  /** The engine in this process (`engine: 'in-process'`). */
  get engine(): InProcessEngine {
    return this.required(this.inProcess, 'an in-process engine');
  }

  /** The engine's own process (`engine: 'process'`). */
  get process(): EngineProcess {
    return this.required(this.spawned, 'an engine process');
  }

  /** The base URL of the file's engine. */
  get url(): string {
    return this.inProcess?.url ?? this.process.url;
  }

  get browser(): Browser {
    return this.required(this.chromium, 'a browser (browser: true)');
  }

  /**
   * /api/v1 by operation id with this API key, on the file's engine or another one, typed by the operation
   * table; every success is checked against its schema and a failure throws ApiCallError.
   */
  api(apiKey: string, baseUrl = this.url) {
    return createApiClient(API_OPERATIONS, { baseUrl, headers: { 'x-api-key': apiKey }, validateResponses: true }).call;
  }

  createAccount(name: string, credits?: number) {
    return createAccount(this.environment, name, credits);
  }

  /** A new user invited through the CLI and signed in to the file's engine. */
  signIn(options: InviteOptions & { name?: string; password?: string } = {}): Promise<SignedInUser> {
    return signInNewUser(this.environment, this.url, options);
  }

  /** The operator CLI as its own process: for a test of the command itself (its exit code, its output). */
  cli(args: string[], overrides: Settings = {}): Promise<CliResult> {
    return runCli(this.environment, args, overrides);
  }

  /** An operator command run by the CLI's code in this process: for set-up a test needs done, not for a test of the command. */
  operator(args: string[], overrides: Settings = {}): Promise<CliResult> {
    // By default they renice the process that runs them, which here would be jest's.
    const priority = args.indexOf('--priority');
    if (IN_BACKGROUND_COMMANDS.has(args[0]) && (priority < 0 || args[priority + 1] !== 'normal'))
      throw new Error(`${args[0]} lowers the priority of its process: give it --priority normal, or run it with cli()`);
    return runCliInProcess(this.environment, args, overrides);
  }

  /** Contacts made by the CLI's `contacts:generate` in this process (the same ones for the same seed): a test's data, not a test of the command. */
  async generateContacts(count: number, seed: number): Promise<void> {
    const args = ['contacts:generate', '--count', String(count), '--seed', String(seed), '--priority', 'normal', '--json'];
    const result = await this.operator(args);
    if (result.code !== 0) throw new Error(`contacts:generate failed: ${result.stderr}`);
  }

  query<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    return queryDatabase<T>(this.environment, sql, params);
  }

  /** Another engine in this process on the same environment, closed after the file (or earlier by the test). */
  async startEngine(overrides: Settings = {}, options: StartOptions = {}): Promise<InProcessEngine> {
    const engine = await startTestEngine(this.environment, { ...this.settings, ...overrides }, options);
    // A test may close it first; Nest's shutdown hooks must not run twice.
    const closeOnce = engine.close.bind(engine);
    let closing: Promise<void> | null = null;
    const close = () => (closing ??= closeOnce());
    this.closeAfterAll(close);
    return Object.assign(engine, { close });
  }

  /** Another engine process on the same environment, stopped after the file (or earlier by the test). */
  async spawnEngine(overrides: Settings = {}): Promise<EngineProcess> {
    const engine = await spawnEngine(this.environment, { ...this.settings, ...overrides });
    this.stopAfterAll(engine);
    return engine;
  }

  /** Loopback servers and the like, stopped after the file's engines, in the reverse order of registration. */
  stopAfterAll<T extends Stoppable>(stoppable: T): T {
    this.closeAfterAll(() => stoppable.stop());
    return stoppable;
  }

  closeAfterAll(close: () => Promise<unknown>): void {
    this.teardown.push(close);
  }

  async start(): Promise<void> {
    if (this.setup.browser && !existsSync(path.join(REPO_ROOT, 'apps/console/dist/index.html')))
      throw new Error('apps/console is not built: run `npm run build` first');
    this.environmentOrNull = createTestEnvironment(this.setup.label);
    // Chromium starts while the engine does; registered after the engine, it is still closed before it.
    const launching = this.setup.browser ? launchChromium() : null;
    // Handled below, once the engine is up; a failed launch must not count as unhandled meanwhile.
    launching?.catch(() => undefined);
    try {
      const engine = this.setup.engine ?? 'in-process';
      // A file that starts no engine of the harness's own may test what an engine meets without a database.
      if (engine !== 'none') await createMigratedDatabase(this.environment.databaseUrl);
      await this.setup.prepare?.(this);
      if (engine === 'in-process') this.inProcess = await this.startEngine({}, this.setup.startOptions);
      if (engine === 'process') this.spawned = await this.spawnEngine();
    } catch (error) {
      await launching?.then((browser) => browser.close()).catch(() => undefined);
      throw error;
    }
    if (launching) {
      const browser = await launching;
      this.chromium = browser;
      this.closeAfterAll(() => browser.close());
    }
  }

  async checkLedger(): Promise<void> {
    if (!this.environmentOrNull || this.setup.ledgerInvariant === false) return;
    await expectLedgerInvariant(this.environmentOrNull.databaseUrl).catch((error: { code?: string }) => {
      // Nothing has created the database yet (a file whose tests start the engines): there is no ledger to break.
      if (error.code !== UNDEFINED_DATABASE) throw error;
    });
  }

  async stop(): Promise<void> {
    const failures: unknown[] = [];
    for (const close of this.teardown.splice(0).reverse()) await close().catch((error: unknown) => failures.push(error));
    await this.environmentOrNull?.cleanup();
    if (failures.length) throw failures[0];
  }

  private required<T>(value: T | null, what: string): T {
    if (value === null) throw new Error(`the harness of "${this.setup.label}" has no ${what}`);
    return value;
  }
}

export function useHarness(setup: HarnessSetup): Harness {
  const harness = new Harness(setup);
  beforeAll(() => harness.start(), SET_UP_BUDGET_MS);
  afterEach(() => harness.checkLedger());
  afterAll(() => harness.stop(), SET_UP_BUDGET_MS);
  return harness;
}
