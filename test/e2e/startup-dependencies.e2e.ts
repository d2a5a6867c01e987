import { freePort, runEngineToExit } from './support/engine-under-test';
import { useHarness } from './support/harness';

const PASSWORD = 's3cret-never-printed';

/** Neither a stack trace nor the password; one paragraph per service the engine cannot use. */
function expectGuidanceOnly(stderr: string) {
  expect(stderr).not.toContain(PASSWORD);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(/Unhandled error event/);
}

describe('start-up with PostgreSQL or Redis missing: exit 1 and what to set or install, no stack', () => {
  const harness = useHarness({ label: 'startup_dependencies', engine: 'none' });
  let closedPort: number;

  beforeAll(async () => {
    // Nothing listens on a port just handed back by the kernel.
    closedPort = await freePort();
  });

  it('PostgreSQL unreachable: the URL tried (password hidden), DATABASE_URL, how to install it on Debian/Ubuntu and macOS', async () => {
    const databaseUrl = `postgres://postgres:${PASSWORD}@127.0.0.1:${closedPort}/lead_engine`;
    const result = await runEngineToExit(harness.environment, { DATABASE_URL: databaseUrl });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`PostgreSQL is not reachable at postgres://postgres:***@127.0.0.1:${closedPort}/lead_engine`);
    expect(result.stderr).toContain('Set DATABASE_URL');
    expect(result.stderr).toContain('Debian/Ubuntu: sudo apt-get install postgresql');
    expect(result.stderr).toContain('macOS (Homebrew): brew install postgresql');
    expect(result.stderr).not.toContain('Redis');
    expectGuidanceOnly(result.stderr);
  });

  it('Redis unreachable: the same for REDIS_URL, instead of running on and printing errors', async () => {
    const result = await runEngineToExit(harness.environment, { REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${closedPort}/0` });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Redis is not reachable at redis://:***@127.0.0.1:${closedPort}/0`);
    expect(result.stderr).toContain('Set REDIS_URL');
    expect(result.stderr).toContain('Debian/Ubuntu: sudo apt-get install redis-server');
    expect(result.stderr).toContain('macOS (Homebrew): brew install redis');
    expect(result.stderr).not.toContain('PostgreSQL');
    expectGuidanceOnly(result.stderr);
  });

  it('both unreachable: one paragraph for each, found side by side within the few seconds of patience', async () => {
    const startedAt = Date.now();
    const result = await runEngineToExit(harness.environment, {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/lead_engine`,
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PostgreSQL is not reachable[\s\S]*\n\nRedis is not reachable/);
    expectGuidanceOnly(result.stderr);
    // Both are tried for the same 4 s, not one after the other; the bound is for a loaded machine.
    expect(Date.now() - startedAt).toBeLessThan(30_000);
  });

  it('PostgreSQL that answers but refuses the login: says so, without install instructions', async () => {
    const result = await runEngineToExit(harness.environment, {
      DATABASE_URL: harness.environment.databaseUrl.replace('postgres://postgres@', `postgres://no_such_role:${PASSWORD}@`),
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PostgreSQL at postgres:\/\/no_such_role:\*\*\*@.* answered but refused Lead Engine: .*no_such_role/);
    expect(result.stderr).toContain('Set DATABASE_URL');
    expect(result.stderr).not.toContain('apt-get');
    expectGuidanceOnly(result.stderr);
  });

  it('an operator CLI command gives the same guidance and exit code', async () => {
    const result = await harness.cli(['accounts:create', '--name', 'never-created', '--json'], {
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Redis is not reachable at redis://127.0.0.1:${closedPort}`);
    expect(JSON.parse(result.stdout).error).toContain('Set REDIS_URL');
    expectGuidanceOnly(result.stderr);
  });
});
