import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { engineConfigSchema } from '../../apps/engine/src/config/engine-config.schema';
import { freePort, REPO_ROOT } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { nodeLineStatus } from './support/node-release-schedule';
import { POSTGRES_URL } from './support/test-environment';
import { until } from './support/until';

/**
 * No Docker engine runs where these tests run, so the image is never built here. What can be checked
 * without one is: every variable the Dockerfile and compose.yaml give the engine is a setting it knows,
 * every file, npm script and workspace they name exists (the built files after `npm run build`), the
 * base image's Node line is supported today, and the health checks' commands work when run here.
 */
const ENGINE_SETTINGS = new Set(Object.keys(engineConfigSchema.shape));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const rootPackage = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
const workspaceNames = rootPackage.workspaces.map((workspace) => (JSON.parse(read(`${workspace}/package.json`)) as { name: string }).name);

/**
 * Whether .dockerignore leaves a file out of the build context, read as Docker does: patterns are
 * relative to the root (no implicit match at any depth), `**` spans directories, the last matching
 * line wins (`!` lines let a file back in), and a matched directory takes everything under it.
 */
function dockerIgnores(file: string): boolean {
  const patternOf = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/^\/+/, '')
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) =>
          part === '**/'
            ? '(?:.*/)?'
            : part === '**'
              ? '.*'
              : part === '*'
                ? '[^/]*'
                : part === '?'
                  ? '[^/]'
                  : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
        )
        .join('')}$`,
    );
  const rules = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({ keep: line.startsWith('!'), pattern: patternOf(line.replace(/^!/, '')) }));
  const segments = file.split('/');
  const prefixes = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) if (prefixes.some((prefix) => rule.pattern.test(prefix))) ignored = !rule.keep;
  return ignored;
}

interface Instruction {
  stage: string;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions with continuation lines joined and comments dropped, each with its stage. */
function dockerfile(): Instruction[] {
  const joined = read('Dockerfile')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  let stage = '';
  return joined
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [, keyword, args] = /^\s*(\w+)\s+(.*)$/.exec(line)!;
      if (keyword.toUpperCase() === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
      return { stage, keyword: keyword.toUpperCase(), args: args.trim() };
    });
}

/** `KEY=value KEY2=value` of an ENV instruction. */
function envKeys(args: string): string[] {
  return [...args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)].map((match) => match[1]);
}

/** The npm scripts a shell command runs (`npm run x`, `npm start`, `npm test`). */
function npmScripts(command: string): string[] {
  return [...command.matchAll(/\bnpm\s+(?:run(?:-script)?\s+(?:--\S+\s+)*([\w:-]+)|(start|test))\b/g)].map((match) => match[1] ?? match[2]);
}

/** A command's exit code (null when it could not run at all). */
function exitCodeOf(command: string, args: string[], env: Record<string, string> = {}): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...process.env, ...env }, timeout: 15_000 }, (error) =>
      resolve(error ? (typeof error.code === 'number' ? error.code : null) : 0),
    );
  });
}

/** The scripts and files a node command runs, relative to the image's working directory (the repository's root). */
function nodeEntries(command: string[]): string[] {
  return command[0] === 'node' && !command[1].startsWith('-') ? [command[1]] : [];
}

describe('container files', () => {
  const instructions = dockerfile();
  const runtime = instructions.filter((instruction) => instruction.stage === 'runtime');
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        command?: string[];
        healthcheck?: { test?: string[]; disable?: boolean };
        volumes?: string[];
      }
    >;
    volumes: Record<string, unknown>;
  };
  const engineServices = ['api', 'worker'];
  const harness = useHarness({ label: 'container_files', engine: 'none' });

  it('the Dockerfile builds in one stage on Node slim and runs the built engine as a non-root user in another', () => {
    expect(instructions.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.args)).toEqual([
      expect.stringMatching(/^node:\d+-slim AS build$/),
      expect.stringMatching(/^node:\d+-slim AS runtime$/),
    ]);
    const buildRuns = instructions
      .filter((instruction) => instruction.stage === 'build' && instruction.keyword === 'RUN')
      .map((i) => i.args);
    expect(buildRuns).toEqual([expect.stringMatching(/^npm ci\b/), 'npm run build']);
    const runtimeRun = runtime.find((instruction) => instruction.keyword === 'RUN' && instruction.args.startsWith('npm ci'))!;
    expect(runtimeRun.args).toMatch(/--omit=dev/);
    expect(runtime.find((instruction) => instruction.keyword === 'USER')?.args).toBe('node');
    expect(runtime.find((instruction) => instruction.keyword === 'EXPOSE')?.args).toBe('3000');
    const healthcheck = runtime.find((instruction) => instruction.keyword === 'HEALTHCHECK')!.args;
    expect(healthcheck).toMatch(/CMD \["node", "-e", .*\/ready/);
  });

  it('both stages are on one Node LTS line that has not reached end of life today, and that the engine supports', () => {
    const majors = instructions
      .filter((instruction) => instruction.keyword === 'FROM')
      .map((instruction) => Number(/^node:(\d+)-slim\b/.exec(instruction.args)?.[1]));
    expect(new Set(majors).size).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect({ major: majors[0], today, status: nodeLineStatus(majors[0], today) }).toEqual({
      major: majors[0],
      today,
      status: expect.stringMatching(/^(active|maintenance)-lts$/),
    });
    const floor = /^>=(\d+)\.(\d+)$/.exec((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node)!;
    expect(majors[0]).toBeGreaterThanOrEqual(Number(floor[1]));
  });

  it('reads the release schedule as it is written: a line past its end, or never LTS, is not one to build on', () => {
    expect(nodeLineStatus(20, '2026-04-29')).toBe('maintenance-lts');
    expect(nodeLineStatus(20, '2026-04-30')).toBe('end-of-life');
    expect(nodeLineStatus(24, '2026-10-19')).toBe('active-lts');
    expect(nodeLineStatus(24, '2026-11-29')).toBe('maintenance-lts');
    expect(nodeLineStatus(24, '2028-04-30')).toBe('end-of-life');
    expect(nodeLineStatus(25, '2025-12-01')).toBe('not-lts');
    expect(nodeLineStatus(26, '2026-06-01')).toBe('not-lts');
    expect(nodeLineStatus(26, '2026-11-29')).toBe('active-lts');
    expect(nodeLineStatus(19, '2023-01-01')).toBe('unknown');
  });

  it("the image's HEALTHCHECK command passes against a ready engine on PORT and fails where nothing listens", async () => {
    const healthcheck = runtime.find((instruction) => instruction.keyword === 'HEALTHCHECK')!.args;
    expect(healthcheck).toMatch(/--interval=\d+s\b/);
    expect(healthcheck).toMatch(/--timeout=\d+s\b/);
    expect(healthcheck).toMatch(/--start-period=\d+s\b/);
    expect(healthcheck).toMatch(/--retries=\d+\b/);
    const [command, ...args] = JSON.parse(/\bCMD (\[.*\])$/.exec(healthcheck)![1]) as string[];
    expect(command).toBe('node');

    const engine = await harness.startEngine({ ENGINE_ROLE: 'api' });
    const port = new URL(engine.url).port;
    await until(
      'the HEALTHCHECK to pass',
      async () => ((await exitCodeOf(process.execPath, args, { PORT: port })) === 0 ? true : undefined),
      undefined,
      60_000,
    );
    expect(await exitCodeOf(process.execPath, args, { PORT: String(await freePort()) })).toBe(1);
  });

  it("PostgreSQL's health check asks over TCP, so the image's socket-only first-start server does not pass it", async () => {
    const test = compose.services.postgres.healthcheck!.test!;
    expect(test[0]).toBe('CMD');
    const [command, ...args] = test.slice(1);
    expect(command).toBe('pg_isready');
    const host = args[args.findIndex((arg) => arg === '-h' || arg === '--host') + 1];
    // A host starting with / is a socket directory.
    expect(host).toMatch(/^(127\.0\.0\.1|localhost|::1)$/);
    expect(args).toEqual(expect.arrayContaining(['-U', 'lead_engine', '-d', 'lead_engine']));
    expect(compose.services.postgres.environment).toMatchObject({ POSTGRES_USER: 'lead_engine', POSTGRES_DB: 'lead_engine' });

    // The same arguments against the tests' PostgreSQL (pg_isready answers before authentication), then a port with none.
    const tests = new URL(POSTGRES_URL);
    const aimedAt = (port: string) =>
      args.map((arg, index) =>
        ['-p', '--port'].includes(args[index - 1]) ? port : ['-h', '--host'].includes(args[index - 1]) ? tests.hostname : arg,
      );
    expect(args).toEqual(expect.arrayContaining(['-p']));
    expect(await exitCodeOf(command, aimedAt(tests.port || '5432'))).toBe(0);
    expect(await exitCodeOf(command, aimedAt(String(await freePort())))).toBe(2);
  });

  it('every variable the Dockerfile and compose.yaml set for the engine is a setting of its configuration', () => {
    const set = [
      ...instructions.filter((instruction) => instruction.keyword === 'ENV').flatMap((instruction) => envKeys(instruction.args)),
      ...engineServices.flatMap((service) => Object.keys(compose.services[service].environment ?? {})),
      // .env.example holds the engine's secrets key beside the password compose gives PostgreSQL.
      ...envKeys(read('.env.example').replace(/^#\s*/gm, '')).filter((key) => key !== 'POSTGRES_PASSWORD' && key !== 'LEAD_ENGINE_PORT'),
    ];
    expect(set.length).toBeGreaterThan(5);
    expect(set.filter((key) => !ENGINE_SETTINGS.has(key))).toEqual([]);
    expect(compose.services.api.environment).toMatchObject({
      ENGINE_ROLE: 'api',
      WEBHOOK_SECRETS_KEY: expect.stringContaining('${WEBHOOK_SECRETS_KEY:?'),
    });
    expect(compose.services.worker.environment).toMatchObject({
      ENGINE_ROLE: 'worker',
      WEBHOOK_SECRETS_KEY: expect.stringContaining('${WEBHOOK_SECRETS_KEY:?'),
    });
    for (const role of ['api', 'worker']) expect(engineConfigSchema.shape.ENGINE_ROLE.safeParse(role).success).toBe(true);
  });

  it('the snapshots volume is where LEAD_SNAPSHOT_DIR points, and PostgreSQL and Redis keep their data in named volumes', () => {
    const snapshotDir = envKeys(runtime.find((i) => i.keyword === 'ENV')!.args).includes('LEAD_SNAPSHOT_DIR')
      ? /LEAD_SNAPSHOT_DIR=(\S+)/.exec(runtime.find((i) => i.keyword === 'ENV')!.args)![1]
      : null;
    expect(compose.services.api.volumes).toContain(`snapshots:${snapshotDir}`);
    expect(compose.services.postgres.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(compose.services.redis.volumes).toContain('redis-data:/data');
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(Object.keys(compose.volumes).sort()).toEqual(['postgres-data', 'redis-data', 'snapshots']);
    expect(compose.services.worker.healthcheck).toEqual({ disable: true });
  });

  it('every npm script, workspace and file they run or copy exists, the built ones after `npm run build`', () => {
    const runs = instructions.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args);
    for (const script of runs.flatMap(npmScripts)) expect(rootPackage.scripts).toHaveProperty([script]);
    for (const workspace of runs.flatMap((run) => [...run.matchAll(/--workspace[= ](\S+)/g)].map((match) => match[1]))) {
      expect(workspaceNames).toContain(workspace);
    }

    // Files copied from the build context exist in the repository; dist/ copied from the build stage is what the build writes.
    for (const copy of instructions.filter((instruction) => instruction.keyword === 'COPY')) {
      const parts = copy.args.split(/\s+/);
      const fromBuild = parts[0] === '--from=build';
      const sources = (fromBuild ? parts.slice(1) : parts).slice(0, -1);
      for (const source of sources) {
        if (source === '.') continue;
        const local = fromBuild ? source.replace(/^\/src\//, '') : source;
        expect({ source, exists: existsSync(path.join(REPO_ROOT, local)) }).toEqual({ source, exists: true });
      }
    }
    // Every workspace's package.json is copied before `npm ci` in both stages (the lockfile names them all).
    for (const stage of ['build', 'runtime']) {
      const copied = instructions.filter((i) => i.stage === stage && i.keyword === 'COPY').flatMap((i) => i.args.split(/\s+/));
      for (const workspace of rootPackage.workspaces) expect(copied).toContain(`${workspace}/package.json`);
    }

    // What the engine runs: the image's CMD and any service command, inside the runtime's copied files.
    const cmd = JSON.parse(runtime.find((instruction) => instruction.keyword === 'CMD')!.args) as string[];
    const commands = [
      cmd,
      ...Object.values(compose.services).flatMap((service) => (service.command && service.command[0] === 'node' ? [service.command] : [])),
    ];
    const copiedToRuntime = runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args.split(/\s+/).pop()!);
    for (const entry of commands.flatMap(nodeEntries)) {
      expect(existsSync(path.join(REPO_ROOT, entry))).toBe(true);
      expect(copiedToRuntime.some((destination) => entry.startsWith(destination.replace(/\/?$/, '/')) || entry === destination)).toBe(true);
    }
    // compose.yaml's comments tell an operator to run the CLI through npm: that script exists too.
    for (const script of npmScripts(read('compose.yaml'))) expect(rootPackage.scripts).toHaveProperty([script]);
    // The built files the runtime copies are where the workspaces' package.json files point.
    for (const library of ['libs/contracts', 'libs/core']) {
      const main = (JSON.parse(read(`${library}/package.json`)) as { main: string }).main;
      expect(copiedToRuntime).toContain(`${library}/${path.dirname(main)}`);
      expect(existsSync(path.join(REPO_ROOT, library, main))).toBe(true);
    }
    expect(existsSync(path.join(REPO_ROOT, 'apps/console/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(REPO_ROOT, 'apps/engine/dist/worker.js'))).toBe(true);
  });

  it('.dockerignore keeps node_modules, dist and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/.env', '**/.env.*', '.git']));
  });

  it('.dockerignore keeps .env and .env.* files out at any depth, and the sources in', () => {
    const secrets = ['.env', '.env.local', 'apps/engine/.env', 'apps/console/.env.production.local', 'deploy/prod/.env', 'a/b/c/.env.test'];
    expect(secrets.filter((file) => !dockerIgnores(file))).toEqual([]);
    const sources = ['package.json', 'apps/engine/src/main.ts', 'apps/engine/src/config/engine-config.schema.ts', 'libs/core/src/index.ts'];
    expect(sources.filter(dockerIgnores)).toEqual([]);
  });
});
