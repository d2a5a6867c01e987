import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, REPO_ROOT, spawnEngine } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { duplicateKeys, jsonLines } from './support/json-log-lines';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { until } from './support/until';

const ENGINE_MAIN = path.join(REPO_ROOT, 'apps/engine/dist/main.js');
const ANSI = /\u001b\[[0-9;]*m/g;

interface PtyEngine {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the terminal shows, colours and carriage returns taken out. */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * The built engine under a pseudo-terminal, as a person runs `npm start`: util-linux `script` gives it a
 * terminal for stdout and stderr. `exec` makes the engine the child of `script`, so the test can signal it.
 */
async function engineOnTerminal(environment: TestEnvironment, overrides: Record<string, string> = {}): Promise<PtyEngine> {
  const port = await freePort();
  const child = spawn('script', ['-qfec', `exec ${process.execPath} ${ENGINE_MAIN}`, '/dev/null'], {
    env: {
      ...process.env,
      ...environment.env,
      LOG_LEVEL: 'info',
      PORT: String(port),
      SHELL: '/bin/sh',
      TERM: 'xterm-256color',
      ...overrides,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout!.on('data', (chunk) => (raw += chunk));
  child.stderr!.on('data', (chunk) => (raw += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => raw.replace(ANSI, '').replace(/\r/g, '');
  const url = `http://127.0.0.1:${port}`;
  await until(
    'the engine on a terminal to serve /health',
    async () => {
      if (child.exitCode !== null) throw new Error(`script exited with ${child.exitCode}:\n${output()}`);
      try {
        return (await fetch(`${url}/health`)).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    output,
    30_000,
  );
  return {
    url,
    port,
    child,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const engine = Number(
          execFileSync('pgrep', ['-P', String(child.pid)])
            .toString()
            .trim()
            .split('\n')[0],
        );
        process.kill(engine, 'SIGTERM');
      }
      return exited;
    },
  };
}

function lines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '');
}

describe('log format: short lines and a banner on a terminal, JSON lines otherwise', () => {
  const harness = useHarness({ label: 'log_format', engine: 'none' });

  it('on a terminal: the banner with the app, docs, demo key and sign-in, the lead table line, short request lines, no JSON', async () => {
    const engine = await engineOnTerminal(harness.environment, { DEMO_DATA: 'true' });
    harness.stopAfterAll(engine);
    await until(
      'the lead table line',
      async () => (engine.output().includes('Lead table ready') ? true : undefined),
      engine.output,
      60_000,
    );
    await http(engine.url, 'GET', '/health', { headers: { 'x-request-id': 'req-pretty-1' } });
    await until('the request line', async () => (/GET \/health 200/.test(engine.output()) ? true : undefined), engine.output);
    const output = engine.output();

    expect(output).toContain(`Lead Engine 1.1.0 is running`);
    expect(output).toContain(`App   http://localhost:${engine.port}/app`);
    expect(output).toContain(`Docs  http://localhost:${engine.port}/docs`);
    expect(output).toMatch(/API key \(shown once, keep it\):\n {2}le_live_[A-Za-z0-9_-]{43}\n/);
    expect(output).toMatch(/Demo owner — sign in to the app \(shown once, keep it\):\n {2}email: {4}\S+\n {2}password: \S+/);
    expect(output).toContain('Lead table ready: 200 contacts (from the database)');
    expect(output).toMatch(/^\d\d:\d\d:\d\d INFO: GET \/health 200 [\d.]+ ms$/m);
    expect(output).toMatch(/^\d\d:\d\d:\d\d INFO: lead index loaded source=database contacts=200 /m);
    // No JSON, none of the fields only a machine reads, and Nest's start-up chatter is debug.
    expect(lines(output).filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(output).not.toMatch(/req-pretty-1|hostname|"pid"|service=|Mapped \{|dependencies initialized/);

    expect(await engine.stop()).toBe(0);
    expect(engine.output()).toMatch(/INFO: shutting down signal=SIGTERM\n.*INFO: shut down cleanly/);
  });

  it('without a terminal, on a database that does not exist yet: JSON lines only, no banner, route mappings at debug, nothing alarming', async () => {
    // The file's database was created by the test before; a first start needs one of its own.
    const firstStart = createTestEnvironment('log_format_first_start');
    harness.closeAfterAll(() => firstStart.cleanup());
    const engine = harness.stopAfterAll(await spawnEngine(firstStart, { DEMO_DATA: 'true', LOG_LEVEL: 'debug' }));
    await until(
      'the lead table to load',
      async () => (engine.output().includes('"msg":"lead index loaded"') ? true : undefined),
      engine.output,
      60_000,
    );
    await http(engine.url, 'GET', '/health');
    await until('the request line', async () => (engine.output().includes('"msg":"request completed"') ? true : undefined), engine.output);
    const raw = jsonLines(engine.output());
    // Beside the JSON lines only the demo key and sign-in, printed once as plain lines.
    expect(lines(engine.output()).filter((line) => !line.trimStart().startsWith('{'))).toEqual([
      expect.stringMatching(/^Demo account \S+ — API key \(shown once, keep it\):$/),
      expect.stringMatching(/^ {2}le_live_/),
      'Demo owner — sign in to the app (shown once, keep it):',
      expect.stringMatching(/^ {2}email: /),
      expect.stringMatching(/^ {2}password: /),
    ]);
    const parsed = raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(raw.filter((line) => duplicateKeys(line).length > 0)).toEqual([]);
    expect(parsed.filter((line) => String(line.msg).startsWith('Lead Engine listening'))).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'lead-engine',
        role: 'all',
        url: engine.url,
        msg: `Lead Engine listening on ${engine.url}`,
      }),
    ]);
    // The load main starts before the engine creates the database meets none: expected, so not above debug.
    expect(parsed.find((line) => line.context === 'LeadIndex' && Number(line.level) < 30)).toMatchObject({ code: '3D000' });
    expect(parsed.filter((line) => Number(line.level) >= 40 || /fail|error/i.test(String(line.msg)))).toEqual([]);
    expect(parsed.find((line) => String(line.msg).startsWith('Mapped {/api/v1/credits, GET}'))).toMatchObject({
      level: 20,
      context: 'RouterExplorer',
    });
    expect(
      parsed.filter((line) => line.context === 'InstanceLoader' || line.context === 'RoutesResolver').every((line) => line.level === 20),
    ).toBe(true);
    expect(engine.output()).not.toContain('Lead table ready');
    expect(await engine.stop()).toBe(0);
  });

  it('the listening line names the address the server listens on, once, and neither it nor the worker line repeats a key', async () => {
    const api = await harness.spawnEngine({ HOST: '0.0.0.0', ENGINE_ROLE: 'api', LOG_FORMAT: 'json' });
    const worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker', LOG_FORMAT: 'json' });
    const port = new URL(api.url).port;
    const listening = jsonLines(api.output()).filter((line) => line.includes('"msg":"Lead Engine listening'));
    expect(listening).toHaveLength(1);
    expect(duplicateKeys(listening[0])).toEqual([]);
    expect(JSON.parse(listening[0])).toMatchObject({
      role: 'api',
      url: `http://0.0.0.0:${port}`,
      msg: `Lead Engine listening on http://0.0.0.0:${port}`,
    });
    const running = jsonLines(worker.output()).filter((line) => line.includes('"msg":"Lead Engine worker running'));
    expect(running).toHaveLength(1);
    expect(duplicateKeys(running[0])).toEqual([]);
    expect(JSON.parse(running[0])).toMatchObject({ role: 'worker' });
    expect([...jsonLines(api.output()), ...jsonLines(worker.output())].filter((line) => duplicateKeys(line).length > 0)).toEqual([]);
  });

  it('finds a repeated key at any depth, and not a key repeated in another object or a value that looks like a key', () => {
    expect(duplicateKeys('{"level":30,"role":"api","url":"x","role":"api","msg":"m"}')).toEqual(['role']);
    expect(duplicateKeys('{"req":{"id":1,"id":2},"id":3}')).toEqual(['id']);
    expect(duplicateKeys('{"a":{"b":1},"b":[{"b":1},{"b":2}],"c":"\\"b\\":","d":"b"}')).toEqual([]);
  });

  it('LOG_FORMAT=json on a terminal: JSON lines, no banner', async () => {
    const engine = await engineOnTerminal(harness.environment, { LOG_FORMAT: 'json' });
    harness.stopAfterAll(engine);
    await http(engine.url, 'GET', '/health');
    await until('the request line', async () => (engine.output().includes('"msg":"request completed"') ? true : undefined), engine.output);
    const parsed = lines(engine.output()).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.some((line) => line.msg === `Lead Engine listening on ${engine.url}`)).toBe(true);
    expect(parsed.find((line) => line.msg === 'request completed')).toMatchObject({
      req: { method: 'GET', url: '/health' },
      res: { statusCode: 200 },
    });
    expect(engine.output()).not.toContain('is running');
    expect(await engine.stop()).toBe(0);
  });
});
