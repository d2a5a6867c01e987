import { ChildProcess, execFile, spawn, StdioOptions } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../e2e/support/engine-under-test';
import type { InstalledN8n } from './n8n-install';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A real n8n with its own user folder (SQLite database, settings) and the community package installed as
 * n8n installs community packages: unpacked into `<user folder>/.n8n/nodes/node_modules/<name>`.
 */
export class N8nInstance {
  readonly userFolder: string;
  private server: ChildProcess | null = null;
  /** What `n8n start` has printed so far. */
  serverOutput = '';

  constructor(private readonly installed: InstalledN8n) {
    this.userFolder = mkdtempSync(path.join(tmpdir(), 'lead-engine-n8n-'));
  }

  get major(): 1 | 2 {
    return this.installed.line.major;
  }

  private get bin(): string {
    return path.join(this.installed.folder, 'node_modules', 'n8n', 'bin', 'n8n');
  }

  private spawnN8n(args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions): ChildProcess {
    return spawn(this.installed.nodeBinary, [this.bin, ...args], { env, stdio });
  }

  /**
   * 1.x runs Code nodes in-process when told so; 2.x always starts task runners, and every n8n process
   * (even `n8n execute`) opens a task broker, so each gets its own port.
   */
  private async env(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
    const runners = this.major === 1 ? { N8N_RUNNERS_ENABLED: 'false' } : { N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
    const { N8N_RUNNERS_ENABLED: _inherited, ...inherited } = process.env;
    return {
      ...inherited,
      ...runners,
      // Jest's NODE_ENV=test silences n8n's logger, and with it the output of `n8n execute`.
      NODE_ENV: 'production',
      N8N_USER_FOLDER: this.userFolder,
      N8N_ENCRYPTION_KEY: 'lead-engine-n8n-e2e',
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      N8N_DEFAULT_BINARY_DATA_MODE: 'default',
      DB_SQLITE_POOL_SIZE: '0',
      // `n8n execute` prints its result through the info logger.
      N8N_LOG_LEVEL: 'info',
      ...extra,
    };
  }

  /** Unpacks an `npm pack` tarball as the installed community package. */
  async installPackage(tarball: string, name: string): Promise<string> {
    const target = path.join(this.userFolder, '.n8n', 'nodes', 'node_modules', name);
    mkdirSync(target, { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
    return target;
  }

  /**
   * Runs an n8n command. Its output goes to files, not pipes: n8n exits right after printing, and output
   * still buffered for a pipe would be lost (files are written synchronously).
   */
  async cli(args: string[], timeoutMs = 120_000): Promise<CommandResult> {
    const outputs = mkdtempSync(path.join(this.userFolder, 'cli-'));
    const stdoutFile = path.join(outputs, 'stdout');
    const stderrFile = path.join(outputs, 'stderr');
    const stdout = openSync(stdoutFile, 'w');
    const stderr = openSync(stderrFile, 'w');
    try {
      const child = this.spawnN8n(args, await this.env(), ['ignore', stdout, stderr]);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
      clearTimeout(timer);
      return { code, stdout: readFileSync(stdoutFile, 'utf8'), stderr: readFileSync(stderrFile, 'utf8') };
    } finally {
      closeSync(stdout);
      closeSync(stderr);
      rmSync(outputs, { recursive: true, force: true });
    }
  }

  async importCredentials(credentials: object[]): Promise<void> {
    await this.importFile('import:credentials', credentials);
  }

  async importWorkflow(workflow: object): Promise<void> {
    await this.importFile('import:workflow', workflow);
  }

  private async importFile(command: string, content: unknown): Promise<void> {
    const file = path.join(this.userFolder, `${command.replace(':', '-')}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(content));
    const result = await this.cli([command, `--input=${file}`]);
    if (result.code !== 0) throw new Error(`n8n ${command} failed:\n${result.stdout}\n${result.stderr}`);
  }

  /** `n8n execute --rawOutput`: the run data of every node, or the failure. */
  async execute(workflowId: string): Promise<{ result: CommandResult; run: N8nRun | null }> {
    const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], 300_000);
    // The pretty-printed result is the lines from one that is just "{" to one that is just "}"; log lines
    // may come before it, and (2.x, as its task runner stops) after it.
    const start = result.stdout.search(/^\{$/m);
    const end = start >= 0 ? result.stdout.indexOf('\n}', start) : -1;
    const run = result.code === 0 && end >= 0 ? (JSON.parse(result.stdout.slice(start, end + 2)) as N8nRun) : null;
    return { result, run };
  }

  /** `n8n start` on a port: polling triggers of active workflows run until stop(); webhook URLs it gives out name 127.0.0.1. */
  async start(port: number): Promise<void> {
    const child = this.spawnN8n(
      ['start'],
      await this.env({ N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', WEBHOOK_URL: `http://127.0.0.1:${port}/` }),
      ['ignore', 'pipe', 'pipe'],
    );
    this.serverOutput = '';
    child.stdout!.on('data', (chunk) => (this.serverOutput += chunk));
    child.stderr!.on('data', (chunk) => (this.serverOutput += chunk));
    this.server = child;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`n8n start exited with ${child.exitCode}:\n${this.serverOutput}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz/readiness`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`n8n did not get ready within 90 s:\n${this.serverOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Waits until `n8n start` has printed a line matching the pattern. */
  async waitForServerOutput(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.serverOutput)) {
      if (Date.now() > deadline) throw new Error(`n8n never printed ${pattern}:\n${this.serverOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    const child = this.server;
    this.server = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }

  /** Finished executions of a workflow, read from n8n's SQLite database. */
  async executions(workflowId: string): Promise<Array<{ id: number; status: string; startedAt: Date; run: N8nRun }>> {
    const { parse } = this.requireFromN8n('flatted');
    const rows = await this.query<{ id: number; status: string; startedAt: string | number; data: string }>(
      `SELECT e.id, e.status, e.startedAt, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id
       WHERE e.workflowId = ? AND e.finished IS NOT NULL AND e.status IN ('success', 'error') ORDER BY e.id`,
      [workflowId],
    );
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      startedAt: sqliteTime(row.startedAt),
      run: { data: parse(row.data) } as N8nRun,
    }));
  }

  /** Marks a workflow active; it takes effect when `n8n start` runs next (1.x activates, 2.x publishes). */
  async activate(workflowId: string): Promise<void> {
    const args = this.major === 1 ? ['update:workflow', `--id=${workflowId}`, '--active=true'] : ['publish:workflow', `--id=${workflowId}`];
    const result = await this.cli(args);
    if (result.code !== 0) throw new Error(`n8n ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
  }

  /**
   * Waits until the running n8n has activated a workflow's triggers (its first poll done). 1.x logs it;
   * 2.x keeps it in a table of its database.
   */
  async waitUntilActive(workflowId: string, timeoutMs = 60_000): Promise<void> {
    if (this.major === 1) return await this.waitForServerOutput(new RegExp(`Activated workflow .*\\(ID: ${workflowId}\\)`), timeoutMs);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await this.query<{ status: string }>('SELECT status FROM workflow_publication_trigger_status WHERE workflowId = ?', [
        workflowId,
      ]);
      if (rows.some((row) => /activ|success/i.test(row.status))) return;
      if (Date.now() > deadline) throw new Error(`n8n never activated ${workflowId} (${JSON.stringify(rows)}):\n${this.serverOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private requireFromN8n(moduleName: string) {
    return createRequire(path.join(this.installed.folder, 'node_modules', 'n8n', 'package.json'))(moduleName);
  }

  /**
   * A read-only query of n8n's SQLite database with n8n's own sqlite3 module, on n8n's Node.js: the module
   * is built for that Node.js, which may not be the one running the tests.
   */
  private async query<Row>(sql: string, parameters: unknown[]): Promise<Row[]> {
    const script = `
      const sqlite3 = require('module').createRequire(process.argv[1])('sqlite3');
      const database = new sqlite3.Database(process.argv[2], sqlite3.OPEN_READONLY);
      database.all(process.argv[3], JSON.parse(process.argv[4]), (error, rows) => {
        if (error) { console.error(error.message); process.exitCode = 1; } else process.stdout.write(JSON.stringify(rows));
        database.close();
      });`;
    const { stdout } = await run(
      this.installed.nodeBinary,
      [
        '-e',
        script,
        path.join(this.installed.folder, 'node_modules', 'n8n', 'package.json'),
        path.join(this.userFolder, '.n8n', 'database.sqlite'),
        sql,
        JSON.stringify(parameters),
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as Row[];
  }

  /** Stops n8n and deletes its user folder (kept when LEAD_ENGINE_KEEP_N8N is set, for a look after a failure). */
  async remove(): Promise<void> {
    await this.stop();
    if (!process.env.LEAD_ENGINE_KEEP_N8N) rmSync(this.userFolder, { recursive: true, force: true });
  }

  static packedFiles(folder: string): string[] {
    return readdirSync(folder, { recursive: true }).map(String);
  }

  static readJson<T>(file: string): T {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  }
}

export interface N8nItem {
  json: Record<string, any>;
  binary?: Record<string, { data: string; mimeType: string; fileName?: string }>;
  pairedItem?: unknown;
}

export interface N8nRun {
  data: {
    resultData: {
      error?: { message: string; description?: string };
      runData: Record<
        string,
        Array<{ data?: { main: N8nItem[][] }; error?: { message: string; description?: string; httpCode?: string } }>
      >;
    };
  };
}

/** The items a node put out in its (first) run. */
export function nodeOutput(run: N8nRun, nodeName: string): N8nItem[] {
  const runs = run.data.resultData.runData[nodeName];
  if (!runs) throw new Error(`node "${nodeName}" did not run; ran: ${Object.keys(run.data.resultData.runData).join(', ')}`);
  return runs[0].data?.main[0] ?? [];
}

/** A time as n8n's SQLite database keeps it: UTC text without a zone (`2026-11-25 10:00:00.123`), or epoch milliseconds. */
function sqliteTime(value: string | number): Date {
  if (typeof value === 'number') return new Date(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}
