import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sweepDeadRuns } from './support/run-databases';
import { withMaintenance } from './support/test-services';

/** The pid of a process that has exited: what a jest run killed before its end leaves as its folder's name. */
async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

async function leaveDatabase(runs: string, run: string, database: string): Promise<void> {
  await withMaintenance((client) => client.query(`CREATE DATABASE "${database}"`));
  await mkdir(path.join(runs, run), { recursive: true });
  await writeFile(path.join(runs, run, database), '');
}

const existing = (names: string[]) =>
  withMaintenance(async (client) =>
    (await client.query('SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname', [names])).rows.map(
      (row) => row.datname,
    ),
  );

describe('the test databases a jest run leaves to its end', () => {
  const suffix = randomBytes(4).toString('hex');
  const killed = `le_test_run_killed_${suffix}`;
  const running = `le_test_run_running_${suffix}`;
  let runs = '';

  beforeAll(async () => {
    runs = await mkdtemp(path.join(tmpdir(), 'le-test-runs-'));
  });

  afterAll(async () => {
    await withMaintenance(async (client) => {
      for (const name of [killed, running]) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
    await rm(runs, { recursive: true, force: true });
  });

  it('are dropped by the next run when their run was killed before its end, and kept while it still runs', async () => {
    const killedRun = `${await pidOfExitedProcess()}-${suffix}`;
    const runningRun = `${process.pid}-${suffix}`;
    await leaveDatabase(runs, killedRun, killed);
    await leaveDatabase(runs, runningRun, running);

    await sweepDeadRuns(runs);

    expect(await existing([killed, running])).toEqual([running]);
    expect(await readdir(runs)).toEqual([runningRun]);
  });
});
