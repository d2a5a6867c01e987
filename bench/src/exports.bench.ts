import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import { spawn } from 'node:child_process';
import { engineEnv, leadsBenchDatabase, POSTGRES_URL } from './support/bench-database';
import { cli, ENGINE_MAIN, timed } from './support/engine-cli';
import { ensureLeadsBenchDatabase } from './leads.bench';
import { freePort, startNodeProcess } from './support/processes';
import { processMemory } from './support/process-memory';
import { formatMs, percentile } from './support/stats';

const CONTACTS = 1_000_000;
const ROWS = 50_000;
const RUNS = 3;

const EXPORT_COLUMNS = `c.first_name, c.last_name, c.email, c.phone, co.name, co.domain, c.job_title, c.seniority, c.department,
  co.industry, coalesce(c.country, c.country_code), c.state, c.city, co.size_bucket, c.linkedin_url`;

/** Time and bytes of psql's COPY … TO STDOUT WITH CSV for the rows an export delivered. */
function psqlCopy(database: string, exportId: string): Promise<{ ms: number; bytes: number }> {
  const sql = `COPY (SELECT ${EXPORT_COLUMNS} FROM reveals r JOIN contacts c ON c.id = r.contact_id JOIN companies co ON co.id = c.company_id
    WHERE r.reference = 'export:${exportId}' ORDER BY c.seq) TO STDOUT WITH CSV HEADER`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [`${POSTGRES_URL}/${database}`, '-X', '-q', '-c', sql.replace(/\s+/g, ' ')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve({ ms: performance.now() - started, bytes }) : reject(new Error(stderr))));
  });
}

/**
 * On the 1,000,000-contact bench database: POST /leads/exports of 50,000 rows until downloadable, the
 * download, and psql's COPY of the same rows, per run on a fresh account; the worker is its own
 * process so its memory is its own.
 */
export async function runExportsBenchmark(): Promise<void> {
  await ensureLeadsBenchDatabase(CONTACTS);
  const database = leadsBenchDatabase(CONTACTS);
  const env = engineEnv(database);
  const api = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'api' }, '/health', await freePort());
  const worker = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'worker', LOG_LEVEL: 'info' }, '', 0, 'worker running');
  const samples = { downloadable: [] as number[], download: [] as number[], copy: [] as number[] };
  let bytes = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const { apiKey } = await cli(['accounts:create', '--name', `export bench ${run}`, '--credits', String(ROWS)], env);
      const headers = { 'x-api-key': apiKey };
      const { call, url } = createApiClient(API_OPERATIONS, { baseUrl: api.url, headers });
      process.stderr.write(`run ${run + 1}/${RUNS}: exporting ${ROWS} rows…\n`);
      const ready = await timed(async () => {
        const created = await call('startExport', { body: { limit: ROWS } });
        for (;;) {
          const job = await call('getExport', { params: { id: created.job_id } });
          if (job.status === 'completed') return job;
          if (job.status === 'failed') throw new Error(`export failed: ${job.note}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      if (ready.value.deliveredRows !== ROWS) throw new Error(`delivered ${ready.value.deliveredRows} rows`);
      samples.downloadable.push(ready.ms);
      const downloaded = await timed(async () =>
        // The bytes as they arrive, not decoded to text: what a download costs.
        (await fetch(url('downloadExport', { params: { id: ready.value.id } }), { headers })).arrayBuffer(),
      );
      samples.download.push(downloaded.ms);
      bytes = downloaded.value.byteLength;
      samples.copy.push((await psqlCopy(database, ready.value.id)).ms);
    }
    const memory = await processMemory(worker.child.pid!);
    const median = (values: number[]) => percentile(values, 0.5);
    const copy = median(samples.copy);
    const lines = [
      `exports benchmark: ${ROWS} rows from ${CONTACTS} contacts, ${RUNS} runs (medians), each on a fresh account; api and worker are separate processes`,
      `${'measure'.padEnd(40)} ${'median ms'.padStart(10)} ${'vs COPY'.padStart(8)}  target`,
      `${'POST → downloadable'.padEnd(40)} ${formatMs(median(samples.downloadable)).padStart(10)} ${`${(median(samples.downloadable) / copy).toFixed(1)}×`.padStart(8)}  ≤ 5000 ms and ≤ 4× COPY`,
      `${'download (GET …/csv)'.padEnd(40)} ${formatMs(median(samples.download)).padStart(10)} ${`${(median(samples.download) / copy).toFixed(1)}×`.padStart(8)}`,
      `${'psql COPY (same rows) TO STDOUT CSV'.padEnd(40)} ${formatMs(copy).padStart(10)} ${'1.0×'.padStart(8)}`,
      `${'CSV size'.padEnd(40)} ${`${(bytes / 1e6).toFixed(1)} MB`.padStart(10)}`,
      `${'worker RSS now / peak'.padEnd(40)} ${`${memory.rssMb.toFixed(0)} / ${memory.peakMb.toFixed(0)} MB`.padStart(19)}  peak < 300 MB`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await worker.stop();
    await api.stop();
  }
}
