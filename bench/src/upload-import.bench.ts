import { openAsBlob } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeCsv } from './leads.bench';
import { acceptInvite } from './support/accept-invite';
import { dropDatabase, engineEnv } from './support/bench-database';
import { cli, ENGINE_MAIN, timed } from './support/engine-cli';
import { processMemory } from './support/process-memory';
import { freePort, Started, startNodeProcess } from './support/processes';
import { RssSampler } from './support/rss-sampler';

const IMPORTS = '/console/api/operator/contact-imports';
const MB = 1024 * 1024;

interface Options {
  rows: number;
  memoryFileMb: number;
}

function parseOptions(args: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : Number(args[index + 1].replace(/_/g, ''));
  };
  return { rows: value('--rows', 1_000_000), memoryFileMb: value('--memory-file-mb', 100) };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface UploadRun {
  /** From the first byte sent to the 202. */
  uploadMs: number;
  /** From the first byte sent to the import completed. */
  totalMs: number;
  /** The worker's own time: the import's started_at to completed_at. */
  importMs: number;
  baselineMb: number;
  /** The engine's resident memory at its highest while the file arrived, less its resident memory before. */
  uploadGrowthMb: number;
  counts: { imported: number; updated: number; rejected: number };
}

/** An engine (its own process, as `npm start` runs it) on a fresh database, with an operator's session. */
async function startEngineWithOperator(database: string): Promise<{ engine: Started; cookie: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...engineEnv(database), PUBLIC_URL: url };
  await cli(['accounts:create', '--name', 'migrate only'], env);
  const engine = await startNodeProcess(ENGINE_MAIN, [], env, '/ready', port);
  const operator = await cli(['users:invite', '--operator', '--email', 'operator@bench.test'], env);
  return { engine, cookie: (await acceptInvite(url, operator.inviteUrl)).header };
}

async function uploadAndImport(engine: Started, cookie: string, file: string): Promise<UploadRun> {
  const pid = engine.child.pid!;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const baselineMb = (await processMemory(pid)).rssMb;
  const sampler = new RssSampler(pid, 50).start();
  const headers = { origin: engine.url, cookie };
  try {
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), path.basename(file));
    const started = performance.now();
    const answer = await fetch(`${engine.url}${IMPORTS}`, { method: 'POST', headers, body: form });
    const uploaded = performance.now();
    const queued = (await answer.json()) as { id: string };
    if (answer.status !== 202) throw new Error(`the upload answered ${answer.status}: ${JSON.stringify(queued)}`);
    for (;;) {
      const found = (await (await fetch(`${engine.url}${IMPORTS}/${queued.id}`, { headers })).json()) as Record<string, any>;
      if (found.status === 'failed') throw new Error(`the import failed: ${found.note}`);
      if (found.status === 'completed') {
        return {
          uploadMs: uploaded - started,
          totalMs: performance.now() - started,
          importMs: Date.parse(found.completed_at) - Date.parse(found.started_at),
          baselineMb,
          uploadGrowthMb: sampler.peakBetween(started, uploaded) - baselineMb,
          counts: { imported: found.imported, updated: found.updated, rejected: found.rejected },
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    sampler.stop();
  }
}

/**
 * The operator's upload of a contacts CSV (the app's Contacts page) against `contacts:import` of the same
 * file through the CLI, each into a fresh database: the time to import N generated contacts (seed 2)
 * both ways, and how much the engine's resident memory grows while a file of about 100 MB and the
 * N-row file arrive (the upload is streamed to PostgreSQL; the lead table's growth afterwards, from
 * the contacts themselves, is not the upload's).
 */
export async function runUploadImportBenchmark(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const csv = path.join(tmpdir(), `le-bench-upload-${options.rows}.csv`);
  const loads: string[] = [];
  const lines: string[] = [];
  try {
    log(`writing ${options.rows} rows of CSV…`);
    await writeCsv(csv, options.rows, 2);
    const bytes = (await stat(csv)).size;
    const memoryRows = Math.round((options.rows * options.memoryFileMb * MB) / bytes);
    const memoryCsv = path.join(tmpdir(), `le-bench-upload-${memoryRows}.csv`);
    await writeCsv(memoryCsv, memoryRows, 3);
    const memoryBytes = (await stat(memoryCsv)).size;

    const cliDatabase = `le_bench_upload_cli_${Date.now().toString(36)}`;
    let cliMs: number;
    try {
      const env = engineEnv(cliDatabase);
      await cli(['accounts:create', '--name', 'migrate only'], env);
      loads.push(load());
      log('contacts:import through the CLI…');
      const imported = await timed(() => cli(['contacts:import', csv], env));
      if (imported.value.imported !== options.rows) throw new Error(`contacts:import reported ${JSON.stringify(imported.value)}`);
      cliMs = imported.ms;
    } finally {
      await dropDatabase(cliDatabase);
    }

    const runs: Array<[string, string, number, UploadRun]> = [];
    for (const [name, file, fileBytes, rows] of [
      [`${options.memoryFileMb} MB file`, memoryCsv, memoryBytes, memoryRows],
      [`${options.rows} rows`, csv, bytes, options.rows],
    ] as const) {
      const database = `le_bench_upload_${Date.now().toString(36)}`;
      let engine: Started | undefined;
      try {
        const started = await startEngineWithOperator(database);
        engine = started.engine;
        loads.push(load());
        log(`uploading the ${name} (${(fileBytes / MB).toFixed(0)} MB)…`);
        const run = await uploadAndImport(engine, started.cookie, file);
        if (run.counts.imported !== rows) throw new Error(`the upload imported ${JSON.stringify(run.counts)}`);
        runs.push([name, file, fileBytes, run]);
      } finally {
        await engine?.stop();
        await dropDatabase(database);
      }
    }
    await rm(memoryCsv, { force: true });

    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const full = runs[1][3];
    lines.push(
      `upload-import benchmark: generated contacts (seed 2), one run each, fresh database each, same 2-core machine`,
      `${'file'.padEnd(44)} ${options.rows} rows, ${(bytes / MB).toFixed(1)} MB`,
      `${'contacts:import through the CLI'.padEnd(44)} ${seconds(cliMs).padStart(10)}  ${Math.round(options.rows / (cliMs / 1000))} rows/s`,
      `${'upload: sent until the 202'.padEnd(44)} ${seconds(full.uploadMs).padStart(10)}`,
      `${'upload: sent until the import completed'.padEnd(44)} ${seconds(full.totalMs).padStart(10)}  ${Math.round(options.rows / (full.totalMs / 1000))} rows/s, ×${(full.totalMs / cliMs).toFixed(2)} the CLI's time`,
      `${"upload: the worker's import alone".padEnd(44)} ${seconds(full.importMs).padStart(10)}  ×${(full.importMs / cliMs).toFixed(2)} the CLI's time`,
    );
    for (const [name, , fileBytes, run] of runs) {
      lines.push(
        `${`engine memory growth while the ${name} arrived`.padEnd(44)} ${`${run.uploadGrowthMb.toFixed(1)} MB`.padStart(10)}  ≤ 100 MB  (file ${(fileBytes / MB).toFixed(1)} MB, resident before ${run.baselineMb.toFixed(0)} MB, upload ${seconds(run.uploadMs)})`,
      );
    }
    lines.push(`${'load average at the starts (1 5 15 min)'.padEnd(44)} ${loads.join(' | ')}`);
  } finally {
    await rm(csv, { force: true });
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
