import { ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { freePort, REPO_ROOT } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { until } from './support/until';

interface Launched {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** An npm script as an operator types it, in its own process group so that npm and the engine under it stop together. */
function npm(args: string[], env: Record<string, string>): Launched {
  const child = spawn('npm', args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // 'close', not 'exit': the engine under npm may hold the pipes a moment longer.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('two `npm start` and six CLI commands started together, on a database that does not exist yet', () => {
  const harness = useHarness({ label: 'start_together', engine: 'none' });
  const engines: Launched[] = [];

  beforeAll(() =>
    harness.closeAfterAll(async () => {
      for (const engine of engines) {
        if (engine.child.exitCode === null) process.kill(-engine.child.pid!, 'SIGTERM');
        await engine.exited;
      }
    }),
  );

  it('all succeed, nothing is rebuilt under them, and both engines count every contact afterwards', async () => {
    const builtAt = statSync(path.join(REPO_ROOT, 'apps/engine/dist/main.js')).mtimeMs;
    const ports = [await freePort(), await freePort()];
    const cli = (args: string[]) => npm(['run', '--silent', 'cli', '--', ...args, '--json'], harness.environment.env);
    engines.push(...ports.map((port) => npm(['start'], { ...harness.environment.env, PORT: String(port) })));
    const commands = [
      ...['first', 'second', 'third', 'fourth'].map((name) => cli(['accounts:create', '--name', name, '--credits', '50'])),
      cli(['contacts:generate', '--count', '300', '--seed', '7']),
      cli(['contacts:import', path.join(REPO_ROOT, 'test/e2e/fixtures/contacts-import.csv')]),
    ];

    const codes = await Promise.all(commands.map((command) => command.exited));
    expect({ codes, outputs: commands.map((command) => command.output()) }).toMatchObject({ codes: [0, 0, 0, 0, 0, 0] });
    const account = JSON.parse(commands[0].output()) as { apiKey: string };
    const imported = JSON.parse(commands[5].output()) as { imported: number };
    const contacts = 300 + imported.imported;

    for (const [index, port] of ports.entries()) {
      const url = `http://127.0.0.1:${port}`;
      const engine = engines[index];
      // Each engine reloads its lead table when contacts change; the count settles on every contact.
      await until(
        `engine ${index + 1} counting all ${contacts} contacts`,
        async () => {
          if (engine.child.exitCode !== null) throw new Error(`npm start exited ${engine.child.exitCode}:\n${engine.output()}`);
          const count = await http(url, 'POST', '/api/v1/leads/search', { apiKey: account.apiKey, body: {} }).catch(() => null);
          return count?.status === 200 && count.body.estimated_total === contacts ? true : undefined;
        },
        () => engine.output(),
        120_000,
      );
    }
    expect(statSync(path.join(REPO_ROOT, 'apps/engine/dist/main.js')).mtimeMs).toBe(builtAt);
  });
});
