import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ENGINE_CLI, REPO_ROOT } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { threadNiceness } from './support/thread-niceness';
import { until } from './support/until';

const PRIORITY_MODULE = path.join(REPO_ROOT, 'apps/engine/dist/infrastructure/process/background-priority.js');
const NICENESS_REPORT = path.join(__dirname, 'fixtures/thread-niceness.js');

describe('background CPU priority', () => {
  const harness = useHarness({ label: 'background_priority', engine: 'none' });
  let scratch: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'le-priority-'));
    harness.closeAfterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      await rm(scratch, { recursive: true, force: true });
    });
    expect((await harness.cli(['contacts:generate', '--count', '10', '--json'])).code).toBe(0);
  }, 120_000);

  it('lowers every thread of a process, or only the thread that asks', () => {
    const lowered = (scope: 'process' | 'thread') => {
      const printed = execFileSync(process.execPath, [NICENESS_REPORT, PRIORITY_MODULE, scope], { encoding: 'utf8' });
      return JSON.parse(printed) as { answered: boolean; mainThread: number; threads: Array<{ thread: number; niceness: number }> };
    };
    const whole = lowered('process');
    expect(whole.answered).toBe(true);
    expect(whole.threads.length).toBeGreaterThan(1);
    expect(whole.threads.filter((thread) => thread.niceness !== 10)).toEqual([]);

    const one = lowered('thread');
    expect(one.answered).toBe(true);
    const [niced, ...others] = [...one.threads].sort((left, right) => right.niceness - left.niceness);
    expect(niced.niceness).toBe(10);
    expect(niced.thread).not.toBe(one.mainThread);
    expect(others.filter((thread) => thread.niceness !== 0)).toEqual([]);
  });

  it.each([
    ['by default', [], 10],
    ['unless asked for normal priority', ['--priority', 'normal'], 0],
  ])('runs contacts:import in the background %s', async (_, options, expected) => {
    const file = path.join(scratch, `import-${expected}.csv`);
    await writeFile(
      file,
      'first_name,last_name,email,job_title,company_name,company_domain,country_code\nAda,Lovelace,ada@engines.example,Analyst,Engines,engines.example,GB\n',
    );
    // The import waits on this lock, alive and past its start, while its threads are read.
    const locker = new Client({ connectionString: harness.environment.databaseUrl });
    // Activity is read outside the locker's transaction, which would see it as of its first look.
    const observer = new Client({ connectionString: harness.environment.databaseUrl });
    await Promise.all([locker.connect(), observer.connect()]);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE companies IN ACCESS EXCLUSIVE MODE');
      const child = spawn(process.execPath, [ENGINE_CLI, 'contacts:import', file, ...options, '--json'], {
        env: { ...process.env, ...harness.environment.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await until(
        'the import to wait for the lock on companies',
        async () => {
          const { rows } = await observer.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows.length > 0 ? true : undefined;
        },
        () => output,
      );
      const niceness = [...threadNiceness(child.pid!).values()];
      expect(niceness.length).toBeGreaterThan(1);
      expect(new Set(niceness)).toEqual(new Set([expected]));
      await locker.query('ROLLBACK');
      expect(await exited).toBe(0);
      expect(JSON.parse(output.trim().split('\n').pop()!)).toMatchObject({ imported: 1, rejected: 0 });
    } finally {
      await Promise.all([locker.end(), observer.end()]);
    }
  });

  it('refuses a priority it does not know', async () => {
    const result = await harness.cli(['contacts:generate', '--count', '1', '--priority', 'urgent']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("argument 'urgent' is invalid. Allowed choices are background, normal.");
  });
});
