import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { startEngine, RunningEngine, StartOptions } from '../../../apps/engine/src/app/start-engine';
import { runOperatorCli } from '../../../apps/engine/src/cli/run-operator-cli';
import { loadEngineConfig } from '../../../apps/engine/src/config/load-engine-config';
import { TestEnvironment } from './test-environment';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const ENGINE_MAIN = path.join(REPO_ROOT, 'apps/engine/dist/main.js');
export const ENGINE_CLI = path.join(REPO_ROOT, 'apps/engine/dist/cli.js');

/** The real engine in this process, listening on a free loopback port. */
export async function startTestEngine(
  environment: TestEnvironment,
  overrides: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningEngine & { url: string }> {
  const engine = await startEngine(loadEngineConfig({ ...environment.env, ...overrides }), options);
  return engine as RunningEngine & { url: string };
}

export interface EngineProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** The built engine as its own process, the way `npm start` runs it; ready once it serves /health (a worker: once it runs). */
export async function spawnEngine(environment: TestEnvironment, overrides: Record<string, string> = {}): Promise<EngineProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [ENGINE_MAIN], {
    env: { ...process.env, ...environment.env, LOG_LEVEL: 'info', PORT: String(port), ...overrides },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // A worker serves no HTTP; it says when it runs.
  const worker = (overrides.ENGINE_ROLE ?? environment.env.ENGINE_ROLE) === 'worker';
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`engine exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    if (worker) {
      if (output.includes('worker running')) break;
    } else {
      try {
        if ((await fetch(`${url}/health`)).ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`engine did not start within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(environment: TestEnvironment, args: string[], overrides: Record<string, string> = {}): Promise<CliResult> {
  return runToExit(ENGINE_CLI, args, { ...environment.env, ...overrides });
}

/**
 * An operator command run by the CLI's own code in this process: for a test that needs what the command
 * makes (an account, an invite) rather than the command itself, without starting Node and loading the
 * engine again for each (1.5 s a command on a quiet machine). The CLI as a program is tested with runCli.
 */
export async function runCliInProcess(
  environment: TestEnvironment,
  args: string[],
  overrides: Record<string, string> = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runOperatorCli(
    args,
    { ...process.env, ...environment.env, ...overrides },
    {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
    },
  );
  return { code, stdout, stderr };
}

/** `npm start`'s engine run until it exits by itself: for starts that must fail. */
export function runEngineToExit(environment: TestEnvironment, overrides: Record<string, string> = {}): Promise<CliResult> {
  return runToExit(ENGINE_MAIN, [], { ...environment.env, ...overrides });
}

function runToExit(entry: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Creates an account with the operator CLI's command, as an operator would. */
export async function createAccount(environment: TestEnvironment, name: string, credits?: number) {
  const args = ['accounts:create', '--name', name, '--json', ...(credits === undefined ? [] : ['--credits', String(credits)])];
  const result = await runCliInProcess(environment, args);
  if (result.code !== 0) throw new Error(`accounts:create failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { accountId: string; apiKey: string; balance: number };
}
