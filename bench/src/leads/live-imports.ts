import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAndCount, StartedWithCount } from '../leads.bench';
import { engineApi } from '../support/engine-api';
import { contactsIn, engineEnv, leadsBenchDatabase, withDatabase } from '../support/bench-database';
import { cli } from '../support/engine-cli';
import type { Started } from '../support/processes';
import { processMemory } from '../support/process-memory';
import { RssSampler } from '../support/rss-sampler';
import { formatMs, percentile } from '../support/stats';
import { writeNewContactsCsv } from './new-contacts-csv';
import { LatencySample, QueryLoad, queryRound } from './query-load';
import { QUERY_MIX } from './query-mix';

const ONE_ROW_IMPORTS = 5;
const ONE_PERCENT = 0.01;
/** With the 1% before it, this takes the changes since the load past the 5% at which the engine loads whole. */
const MERGE_SHARE = 0.045;
/** Rounds of the query mix, idle, one request at a time, for the idle p50/p95. */
const IDLE_ROUNDS = 8;
const POLL_MS = 10;
const HEALTH_POLL_MS = 50;
const RSS_AFTER_MS = 10_000;
/** Seeds of the imported files (issue 23), none of them the bench database's; each file its own. */
const SEEDS = { oneRow: 23_001, onePercent: 23_100, merge: 23_200 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LeadTableState {
  state: string;
  contacts?: number;
  loadedAt?: string;
  reloading?: boolean;
  merging?: boolean;
  segments?: number;
  dataVersion?: string;
  deltas?: number;
  deltaContacts?: number;
}

async function leadTable(engine: Started): Promise<LeadTableState> {
  const response = await fetch(`${engine.url}/health`);
  return ((await response.json()) as { leadTable: LeadTableState }).leadTable;
}

/** What the engine was doing, for an error that says the phase did not see what it waited for. */
async function engineReport(engine: Started): Promise<string> {
  const table = await leadTable(engine).catch((error: Error) => ({ state: `no answer: ${error.message}` }));
  return `engine /health leadTable: ${JSON.stringify(table)}\nengine log (last lines):\n${engine.output().slice(-4000)}`;
}

/** The unfiltered count; an exact one, or the phase could not tell one row from an estimate's noise. */
async function unfilteredCount(engine: Started, apiKey: string): Promise<number> {
  const counted = await engineApi(engine, apiKey)('countLeads', { body: {} });
  if (counted.basis !== 'exact') throw new Error(`the unfiltered count answered ${counted.basis}: ${JSON.stringify(counted)}`);
  return counted.estimated_total;
}

/**
 * Counts every POLL_MS until the unfiltered count includes `total` contacts; answers when it first did
 * (performance.now()) and how many counts that took (1: the first count already included them).
 */
async function visibleAt(engine: Started, apiKey: string, total: number, timeoutMs: number): Promise<{ at: number; counts: number }> {
  const deadline = performance.now() + timeoutMs;
  for (let counts = 1; ; counts++) {
    const counted = await unfilteredCount(engine, apiKey);
    const at = performance.now();
    if (counted === total) return { at, counts };
    if (counted > total) throw new Error(`the engine counts ${counted} contacts, more than the ${total} imported so far`);
    if (at > deadline) {
      throw new Error(
        `the engine still counts ${counted} of ${total} contacts ${timeoutMs / 1000} s after the import\n${await engineReport(engine)}`,
      );
    }
    await sleep(POLL_MS);
  }
}

/**
 * Reads /health every HEALTH_POLL_MS until the deltas were merged into the segments: no merge or load
 * under way and no deltas left. Answers when, whether it saw the merge under way, and whether the
 * table was loaded again whole instead (a new loadedAt).
 */
async function mergedAt(
  engine: Started,
  loadedBefore: string,
  timeoutMs: number,
): Promise<{ at: number; sawMerging: boolean; loadedWhole: boolean; table: LeadTableState }> {
  const deadline = performance.now() + timeoutMs;
  let sawMerging = false;
  for (;;) {
    const table = await leadTable(engine);
    const at = performance.now();
    sawMerging ||= table.merging === true;
    if (table.state === 'ready' && table.merging === false && table.reloading === false && table.deltas === 0) {
      return { at, sawMerging, loadedWhole: table.loadedAt !== loadedBefore, table };
    }
    if (at > deadline) throw new Error(`the deltas were not merged within ${timeoutMs / 1000} s\n${await engineReport(engine)}`);
    await sleep(HEALTH_POLL_MS);
  }
}

/** Runs `contacts:import`; answers when the command started and returned, having checked that every row was new. */
async function importCsv(env: Record<string, string>, file: string, rows: number): Promise<{ startedAt: number; returnedAt: number }> {
  const startedAt = performance.now();
  const result = await cli(['contacts:import', file], env);
  const returnedAt = performance.now();
  if (result.imported !== rows || result.updated !== 0 || result.rejected !== 0) {
    throw new Error(`the import of ${rows} new contacts reported ${JSON.stringify(result)}`);
  }
  return { startedAt, returnedAt };
}

interface LeadVersions {
  maxSeq: string;
  maxCompanyId: string;
  reloadVersion: string;
}

async function leadVersions(database: string): Promise<LeadVersions> {
  return withDatabase(database, async (client) => {
    const { rows } = await client.query<LeadVersions>(`
      SELECT (SELECT coalesce(max(seq), 0) FROM contacts)::text AS "maxSeq",
             (SELECT coalesce(max(id), 0) FROM companies)::text AS "maxCompanyId",
             (SELECT reload_version FROM lead_data_version)::text AS "reloadVersion"`);
    return rows[0];
  });
}

/** An import of new contacts at new companies must leave reload_version alone, or the engine loads whole rather than take a delta. */
async function expectNoReload(database: string, before: LeadVersions, what: string): Promise<void> {
  const { reloadVersion } = await leadVersions(database);
  if (reloadVersion !== before.reloadVersion) {
    throw new Error(
      `${what} moved reload_version ${before.reloadVersion} → ${reloadVersion}: the engine loads whole instead of taking a delta`,
    );
  }
}

/** Removes what the phase imported: the contacts after the ones it found, and the companies only they used. */
async function removeImported(database: string, before: LeadVersions): Promise<void> {
  await withDatabase(database, async (client) => {
    await client.query('DELETE FROM reveals WHERE contact_seq > $1', [before.maxSeq]);
    await client.query('DELETE FROM contacts WHERE seq > $1', [before.maxSeq]);
    await client.query('DELETE FROM companies co WHERE co.id > $1 AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.company_id = co.id)', [
      before.maxCompanyId,
    ]);
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const milliseconds = (ms: number) => `${formatMs(ms)} ms`;
const row = (name: string, value: string, target = '') => `${name.padEnd(46)} ${value.padEnd(56)} ${target}`.trimEnd();
const kindOf = (samples: LatencySample[], kind: LatencySample['kind']) =>
  samples.filter((sample) => sample.kind === kind).map(({ ms }) => ms);

/**
 * Where the time went: `count / browse p95 <window>`, for the windows of a phase (the command
 * running, the engine catching up after it returned, …), each against the idle p95.
 */
function windowRows(idle: LatencySample[], load: QueryLoad, windows: Array<[string, number, number]>): string[] {
  return windows.map(([what, from, to]) => {
    const [count, browse] = (['count', 'browse'] as const).map((kind) => load.between(kind, from, to));
    const ratio = (kind: LatencySample['kind'], samples: number[]) =>
      `${(percentile(samples, 0.95) / percentile(kindOf(idle, kind), 0.95)).toFixed(2)}×`;
    return row(
      `  count / browse p95 ${what} (n=${count.length}/${browse.length})`,
      `${formatMs(percentile(count, 0.95))} / ${milliseconds(percentile(browse, 0.95))} = ${ratio('count', count)} / ${ratio('browse', browse)} idle`,
    );
  });
}

/** `count p95 during …   idle X / during Y ms = Z×`, for count and browse. */
function p95Rows(what: string, idle: LatencySample[], during: Record<LatencySample['kind'], number[]>, target: string): string[] {
  return (['count', 'browse'] as const).map((kind) => {
    const idleP95 = percentile(kindOf(idle, kind), 0.95);
    const duringP95 = percentile(during[kind], 0.95);
    return row(
      `${kind} p95 during ${what} (n=${during[kind].length})`,
      `idle ${formatMs(idleP95)} / during ${milliseconds(duringP95)} = ${(duringP95 / idleP95).toFixed(2)}×` +
        ` (p50 ${formatMs(percentile(kindOf(idle, kind), 0.5))} / ${formatMs(percentile(during[kind], 0.5))})`,
      target,
    );
  });
}

/**
 * Live imports (issue 23): one API engine serves the bench database while the operator CLI imports new
 * contacts into it. Measures import → visible (from the command's return until the engine's
 * unfiltered count includes the rows) for single rows and for 1% of the table, the engine's RSS and
 * the count and browse latencies while a 1% import and then a merge (changes past 5%: merged into the
 * table's segments in the background) run, against the same engine idle. Leaves the database as it found
 * it. Answers the rows to print.
 */
export async function runLiveImports(contacts: number): Promise<string[]> {
  const database = leadsBenchDatabase(contacts);
  const env = engineEnv(database);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  // Time limits that grow with the table; far beyond the targets, only so a stuck engine ends the run.
  const scale = Math.max(1, contacts / 1_000_000);
  const onePercentRows = Math.round(contacts * ONE_PERCENT);
  const mergeRows = Math.round(contacts * MERGE_SHARE);
  const scratch = await mkdtemp(path.join(tmpdir(), 'le-bench-live-'));
  const files = {
    oneRow: Array.from({ length: ONE_ROW_IMPORTS }, (_, index) => path.join(scratch, `one-row-${index}.csv`)),
    onePercent: path.join(scratch, 'one-percent.csv'),
    merge: path.join(scratch, 'merge.csv'),
  };
  const before = await leadVersions(database);
  let started: StartedWithCount | null = null;
  let load: QueryLoad | null = null;
  let rss: RssSampler | null = null;
  const lines: string[] = [];
  try {
    log(`live imports: writing CSVs of new contacts (${ONE_ROW_IMPORTS} × 1, ${onePercentRows}, ${mergeRows})…`);
    for (const [index, file] of files.oneRow.entries()) await writeNewContactsCsv(file, 1, SEEDS.oneRow + index);
    await writeNewContactsCsv(files.onePercent, onePercentRows, SEEDS.onePercent);
    await writeNewContactsCsv(files.merge, mergeRows, SEEDS.merge);

    const { apiKey } = (await cli(['accounts:create', '--name', 'bench live imports', '--credits', '100000000'], env)) as {
      apiKey: string;
    };
    const snapshotDir = path.join(scratch, 'snapshots');
    await mkdir(snapshotDir);
    log('live imports: starting an API engine…');
    started = await startAndCount({ ...env, LEAD_SNAPSHOT_DIR: snapshotDir }, apiKey, contacts);
    const engine = started.engine;
    const pid = engine.child.pid!;

    log(`live imports: idle baseline, ${IDLE_ROUNDS} rounds after one to warm up…`);
    // The first round meets every query cold (compilation, first-touch of the columns): not idle latency.
    await queryRound(engineApi(engine, apiKey), []);
    const idleRounds = async () => {
      const samples: LatencySample[] = [];
      for (let round = 0; round < IDLE_ROUNDS; round++) await queryRound(engineApi(engine, apiKey), samples);
      return samples;
    };
    const idle = await idleRounds();
    const idleRss = (await processMemory(pid)).rssMb;
    let total = contacts;

    log(`live imports: ${ONE_ROW_IMPORTS} imports of 1 row…`);
    const oneRowVisible: number[] = [];
    let oneRowAtFirstCount = 0;
    const oneRowCommand: number[] = [];
    for (const file of files.oneRow) {
      const imported = await importCsv(env, file, 1);
      total += 1;
      const seen = await visibleAt(engine, apiKey, total, 30_000);
      oneRowVisible.push(seen.at - imported.returnedAt);
      if (seen.counts === 1) oneRowAtFirstCount++;
      oneRowCommand.push(imported.returnedAt - imported.startedAt);
      await expectNoReload(database, before, 'a 1-row import');
    }

    // The 1% import meets the deltas of the 1-row imports: how the table answers with them, idle.
    const withOneRowDeltas = await leadTable(engine);
    const idleWithOneRowDeltas = await idleRounds();

    log(`live imports: importing ${onePercentRows} rows (1%) under load…`);
    rss = new RssSampler(pid).start();
    load = new QueryLoad(engineApi(engine, apiKey));
    await sleep(500);
    const rssBefore = (await processMemory(pid)).rssMb;
    const onePercent = await importCsv(env, files.onePercent, onePercentRows);
    total += onePercentRows;
    const onePercentSeen = (await visibleAt(engine, apiKey, total, 60_000 * scale)).at;
    await load.stop();
    const onePercentDuring = {
      count: load.between('count', onePercent.startedAt, onePercentSeen),
      browse: load.between('browse', onePercent.startedAt, onePercentSeen),
    };
    const onePercentWindows = windowRows(idle, load, [
      ['while the command ran', onePercent.startedAt, onePercent.returnedAt],
      ['from its return to visible', onePercent.returnedAt, onePercentSeen],
    ]);
    load = null;
    await expectNoReload(database, before, 'the 1% import');
    await sleep(RSS_AFTER_MS);
    const rssAfter = (await processMemory(pid)).rssMb;
    rss.stop();
    const onePercentPeak = rss.peakBetween(onePercent.startedAt, onePercentSeen);
    const withDeltas = await leadTable(engine);
    const idleWithDeltas = await idleRounds();

    log(`live imports: importing ${mergeRows} more rows (past 5%: a merge) under load…`);
    const loadedBefore = withDeltas.loadedAt!;
    rss = new RssSampler(pid).start();
    load = new QueryLoad(engineApi(engine, apiKey));
    await sleep(500);
    const merge = await importCsv(env, files.merge, mergeRows);
    total += mergeRows;
    const [{ at: mergeSeen }, merged] = await Promise.all([
      visibleAt(engine, apiKey, total, 300_000 * scale),
      mergedAt(engine, loadedBefore, 300_000 * scale),
    ]);
    await load.stop();
    const mergeDuring = {
      count: load.between('count', merge.startedAt, merged.at),
      browse: load.between('browse', merge.startedAt, merged.at),
    };
    const mergeWindows = windowRows(idle, load, [
      ['while the command ran', merge.startedAt, merge.returnedAt],
      ['from its return to visible', merge.returnedAt, mergeSeen],
      ['from visible to merged', mergeSeen, merged.at],
    ]);
    load = null;
    await sleep(RSS_AFTER_MS);
    const rssAfterMerge = (await processMemory(pid)).rssMb;
    rss.stop();
    const mergePeak = rss.peakBetween(merge.startedAt, merged.at);

    const idleP95 = (kind: LatencySample['kind']) => percentile(kindOf(idle, kind), 0.95);
    const mb = (value: number) => value.toFixed(0);
    lines.push(
      `live imports: ${contacts} contacts, one API engine (snapshots on), imports by the operator CLI; load while importing:` +
        ` count and browse page 1, limit 25 over the ${QUERY_MIX.length}-query mix, one request at a time`,
      row('measure', 'value', 'target'),
      row(
        `idle count / browse (n=${kindOf(idle, 'count').length} each)`,
        `p50 ${formatMs(percentile(kindOf(idle, 'count'), 0.5))} / ${formatMs(percentile(kindOf(idle, 'browse'), 0.5))} ms,` +
          ` p95 ${formatMs(idleP95('count'))} / ${milliseconds(idleP95('browse'))}`,
      ),
      row(
        `import → visible, 1 row (n=${ONE_ROW_IMPORTS})`,
        `median ${milliseconds(percentile(oneRowVisible, 0.5))}, max ${milliseconds(Math.max(...oneRowVisible))}` +
          ` (${oneRowAtFirstCount} of ${ONE_ROW_IMPORTS} in the first count)`,
        '≤ 1 s',
      ),
      row(`contacts:import command, 1 row (n=${ONE_ROW_IMPORTS})`, `median ${seconds(percentile(oneRowCommand, 0.5))} (start → return)`),
      row(
        `import → visible, 1% (${onePercentRows} rows)`,
        `${milliseconds(onePercentSeen - onePercent.returnedAt)} (command ${seconds(onePercent.returnedAt - onePercent.startedAt)})`,
        '≤ 5 s',
      ),
      ...p95Rows('1% import', idle, onePercentDuring, '≤ 2×'),
      ...onePercentWindows,
      row(
        'RSS idle / before / peak during 1% / after',
        `${mb(idleRss)} / ${mb(rssBefore)} / ${mb(onePercentPeak)} / ${mb(rssAfter)} MB (peak ${(onePercentPeak / idleRss).toFixed(2)}× idle)`,
        'peak ≤ 1.2× idle',
      ),
      ...(
        [
          [withOneRowDeltas, idleWithOneRowDeltas, 'before the 1%'],
          [withDeltas, idleWithDeltas, 'after the 1%'],
        ] as const
      ).map(([table, samples, when]) =>
        row(
          `count / browse p95 idle, base + ${table.deltas} deltas`,
          `${formatMs(percentile(kindOf(samples, 'count'), 0.95))} / ${milliseconds(percentile(kindOf(samples, 'browse'), 0.95))}` +
            ` (${table.deltaContacts} delta contacts, ${when})`,
        ),
      ),
      row(
        `import → visible, merge (${mergeRows} rows)`,
        `${seconds(mergeSeen - merge.returnedAt)} (command ${seconds(merge.returnedAt - merge.startedAt)})`,
      ),
      row(
        'import → merged into the segments',
        `${seconds(merged.at - merge.returnedAt)} (merging ${merged.sawMerging ? 'seen' : 'not seen'}; ` +
          `${merged.loadedWhole ? 'loaded again whole' : `${withDeltas.segments} → ${merged.table.segments} segments`}; ${merged.table.contacts} contacts)`,
      ),
      ...p95Rows('merge', idle, mergeDuring, '≤ 2×'),
      ...mergeWindows,
      row(
        'RSS idle / peak during merge / after',
        `${mb(idleRss)} / ${mb(mergePeak)} / ${mb(rssAfterMerge)} MB (peak ${(mergePeak / idleRss).toFixed(2)}× idle)`,
        `peak ≤ idle + one segment (1/${withDeltas.segments} of the table)`,
      ),
    );
  } finally {
    rss?.stop();
    await load?.stop().catch(() => undefined);
    await started?.engine.stop();
    await rm(scratch, { recursive: true, force: true });
    log('live imports: removing the imported contacts…');
    await removeImported(database, before);
  }
  const left = await contactsIn(database);
  lines.push(row('bench database after clean-up', `${left} contacts`, `${contacts}`));
  if (left !== contacts)
    throw new Error(`${lines.join('\n')}\nthe bench database holds ${left} contacts after the clean-up, not ${contacts}`);
  return lines;
}
