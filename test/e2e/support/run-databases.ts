import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withMaintenance } from './test-services';

/** Set by the e2e project's global set-up: the folder where this run's files leave the databases they are done with. */
const RUN_FOLDER_VARIABLE = 'LE_TEST_RUN_DATABASES';
const RUNS = path.join(tmpdir(), 'le-test-runs');

export async function dropDatabase(name: string): Promise<void> {
  await withMaintenance((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * A test file is done with its database. Dropping one makes PostgreSQL (15) take an immediate checkpoint,
 * ~2 s of a file's time while other files write; within a jest run the drop is left to the run's end,
 * when there is little to flush. Outside one (a script, another jest config), it is dropped at once.
 */
export async function releaseDatabase(name: string): Promise<void> {
  const folder = process.env[RUN_FOLDER_VARIABLE];
  if (folder) await writeFile(path.join(folder, name), '');
  else await dropDatabase(name);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function dropListed(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) await dropDatabase(name);
  await rm(folder, { recursive: true, force: true });
}

/** Drops what runs whose process is gone (killed before their end) left in `runs`, one folder per run named for its process. */
export async function sweepDeadRuns(runs: string): Promise<void> {
  for (const run of await readdir(runs)) {
    const pid = Number(run.split('-')[0]);
    if (!isAlive(pid)) await dropListed(path.join(runs, run));
  }
}

/** Opens this run's folder, first sweeping the runs killed before their end. */
export async function beginRun(): Promise<void> {
  await mkdir(RUNS, { recursive: true });
  await sweepDeadRuns(RUNS);
  const folder = path.join(RUNS, `${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(folder);
  process.env[RUN_FOLDER_VARIABLE] = folder;
}

export async function endRun(): Promise<void> {
  const folder = process.env[RUN_FOLDER_VARIABLE];
  if (folder) await dropListed(folder);
}
