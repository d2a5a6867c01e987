import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContactGenerator, RevealedRows, SYNTHETIC_CONTACT_CSV_COLUMNS, SyntheticContact } from '@lead-engine/core';
import type { SearchRequestInput } from '@lead-engine/contracts';
import { isApiCallError } from '@lead-engine/contracts/client';
import { runLiveImports } from './leads/live-imports';
import { QUERY_MIX } from './leads/query-mix';
import { contactsIn, dropDatabase, engineEnv, leadsBenchDatabase, withDatabase } from './support/bench-database';
import { cli, ENGINE_MAIN, timed } from './support/engine-cli';
import { engineApi } from './support/engine-api';
import { freePort, startNodeProcess, Started } from './support/processes';
import { processMemory } from './support/process-memory';
import { formatMs, percentile } from './support/stats';

const IMPORT_ROWS = 1_000_000;
/** The heavy account has revealed this share of the contacts: 300,000 of 1,000,000. */
const HEAVY_SHARE = 0.3;

/** Reveals every contact whose seq falls in the first 30 of each 100 to the account, in one statement; how many. */
async function revealInBulk(database: string, accountId: string): Promise<number> {
  return withDatabase(database, async (client) => {
    const inserted = await client.query(
      `INSERT INTO reveals (account_id, contact_id, contact_seq, source, reference)
       SELECT $1, id, seq, 'export', 'bench' FROM contacts WHERE seq % 100 < $2`,
      [accountId, HEAVY_SHARE * 100],
    );
    await client.query('ANALYZE reveals');
    return inserted.rowCount ?? 0;
  });
}

const ACTIVE_HEAVY_ACCOUNTS = 100;
/** The engine's default REVEAL_CACHE_MB. */
const REVEAL_CACHE_BUDGET_MB = 256;

/**
 * The memory the reveal sets of 100 heavy accounts take, each with the bench's share of a table of N
 * contacts revealed, built here with the engine's own RevealedRows (the bench cannot put 100 × 30% of
 * the contacts into PostgreSQL): the sum of their sizes, and what they added to this process's RSS.
 */
async function heavyRevealSetsMemory(contacts: number): Promise<{ setsMb: number; rssGrowthMb: number }> {
  const before = (await processMemory(process.pid)).rssMb;
  const sets: RevealedRows[] = [];
  const every = Math.round(1 / HEAVY_SHARE);
  for (let account = 0; account < ACTIVE_HEAVY_ACCOUNTS; account++) {
    const set = new RevealedRows(contacts);
    for (let row = account % every; row < contacts; row += every) set.add(row);
    sets.push(set);
  }
  const after = (await processMemory(process.pid)).rssMb;
  return { setsMb: sets.reduce((sum, set) => sum + set.byteSize, 0) / 2 ** 20, rssGrowthMb: after - before };
}

interface Options {
  contacts: number;
  rounds: number;
  fresh: boolean;
  /** `live`: only the live-import phase. */
  only: 'live' | null;
}

function parseOptions(args: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : Number(args[index + 1].replace(/_/g, ''));
  };
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
  if (only !== null && only !== 'live') throw new Error(`--only ${only}: the one phase that runs alone is live`);
  return { contacts: value('--contacts', 1_000_000), rounds: value('--rounds', 5), fresh: args.includes('--fresh'), only };
}

/** Generates the bench database unless it already holds exactly N contacts; returns rows/s when it generated. */
export async function ensureLeadsBenchDatabase(contacts: number, fresh = false): Promise<number | null> {
  const database = leadsBenchDatabase(contacts);
  if (!fresh && (await contactsIn(database)) === contacts) {
    process.stderr.write(`reusing ${database} with ${contacts} contacts\n`);
    return null;
  }
  await dropDatabase(database);
  process.stderr.write(`generating ${contacts} contacts into ${database}…\n`);
  const generated = await timed(() => cli(['contacts:generate', '--count', String(contacts), '--seed', '1'], engineEnv(database)));
  return Math.round(contacts / (generated.ms / 1000));
}

/**
 * Writes N generated contacts as a contract §6 CSV (the same seed gives the same file), flushed to disk
 * before it returns, so that a timed import that follows does not share the disk with its write-back.
 * `alter` changes each contact before it is written.
 */
export async function writeCsv(file: string, rows: number, seed: number, alter = (contact: SyntheticContact) => contact): Promise<void> {
  const out = createWriteStream(file);
  const quote = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const generator = createContactGenerator(seed);
  let chunk = `${SYNTHETIC_CONTACT_CSV_COLUMNS.map(([header]) => header).join(',')}\n`;
  for (let row = 0; row < rows; row++) {
    const contact = alter(generator.next());
    chunk += `${SYNTHETIC_CONTACT_CSV_COLUMNS.map(([, property]) => quote(contact[property])).join(',')}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  const written = await open(file, 'r');
  await written.sync();
  await written.close();
}

export interface StartedWithCount {
  engine: Started;
  /** From spawning the process to its first answered count. */
  firstCountMs: number;
  /** Resident memory once it answered; settled, after SETTLE_MS idle; and its peak until then. */
  rssMb: number;
  settledMb: number;
  peakMb: number;
}

/**
 * V8 gives back the garbage of the engine's boot only once the process has idled a while: a start from
 * a snapshot answers within a second, before that, and a start from PostgreSQL a minute later, after
 * it. Memory is compared once both have idled.
 */
const SETTLE_MS = 20_000;

/**
 * Starts an API engine and counts until it answers: a count that meets the table still loading answers
 * 503 LEADS_SOURCE_DOWN after a bounded wait, and is asked again.
 */
export async function startAndCount(env: Record<string, string>, apiKey: string, contacts: number): Promise<StartedWithCount> {
  const startedAt = performance.now();
  const engine = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'api' }, '/health', await freePort());
  const api = engineApi(engine, apiKey);
  for (;;) {
    const counted = await api('countLeads', { body: {} }).catch((error: unknown) => {
      if (isApiCallError(error) && error.code === 'LEADS_SOURCE_DOWN') return null;
      throw error;
    });
    if (counted === null) continue;
    if (counted.estimated_total !== contacts) throw new Error(`engine sees ${counted.estimated_total} contacts`);
    break;
  }
  const firstCountMs = performance.now() - startedAt;
  const { rssMb } = await processMemory(engine.child.pid!);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const settled = await processMemory(engine.child.pid!);
  return { engine, firstCountMs, rssMb, settledMb: settled.rssMb, peakMb: settled.peakMb };
}

/**
 * Builds (or reuses) a scratch database of N generated contacts, measures import speed on a CSV of
 * its own, then drives the real engine over HTTP with the query mix, one request at a time.
 */
export async function runLeadsBenchmark(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const env = engineEnv(leadsBenchDatabase(options.contacts));
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const figures: Array<[string, string, string, string]> = [];

  const generatedRate = await ensureLeadsBenchDatabase(options.contacts, options.fresh);
  if (generatedRate !== null) figures.push(['generate (contacts:generate)', `${generatedRate} rows/s`, '', '']);
  if (options.only === 'live') {
    process.stdout.write(`${(await runLiveImports(options.contacts)).join('\n')}\n`);
    return;
  }

  const importRows = Math.min(IMPORT_ROWS, options.contacts);
  const csv = path.join(tmpdir(), `le-bench-import-${importRows}.csv`);
  const importDatabase = `le_bench_import_${Date.now().toString(36)}`;
  try {
    log(`writing ${importRows} rows of CSV…`);
    await writeCsv(csv, importRows, 2);
    await cli(['accounts:create', '--name', 'migrate only'], engineEnv(importDatabase));
    log(`importing ${importRows} rows…`);
    const imported = await timed(() => cli(['contacts:import', csv], engineEnv(importDatabase)));
    if (imported.value.imported !== importRows) throw new Error(`import reported ${JSON.stringify(imported.value)}`);
    figures.push(['import (contacts:import CSV)', `${Math.round(importRows / (imported.ms / 1000))} rows/s`, '', '≥ 50000 rows/s']);
  } finally {
    await rm(csv, { force: true });
    await dropDatabase(importDatabase);
  }

  const { apiKey } = (await cli(['accounts:create', '--name', 'bench', '--credits', '100000000'], env)) as { apiKey: string };
  const heavy = (await cli(['accounts:create', '--name', 'bench heavy', '--credits', '100000000'], env)) as {
    accountId: string;
    apiKey: string;
  };
  log(`revealing ${HEAVY_SHARE * 100}% of the contacts to the heavy account, in bulk…`);
  const heavyReveals = await revealInBulk(leadsBenchDatabase(options.contacts), heavy.accountId);
  const sampledCounts: Array<{ filters: SearchRequestInput; note: string }> = [];
  // A snapshot directory of this run's own: the first start finds none and writes one, the restart reads it.
  const snapshotDir = await mkdtemp(path.join(tmpdir(), 'le-bench-snapshots-'));
  const snapshotEnv = { ...env, LEAD_SNAPSHOT_DIR: snapshotDir };
  const fromDatabase = await startAndCount(snapshotEnv, apiKey, options.contacts);
  const engine = fromDatabase.engine;
  let fromSnapshot: StartedWithCount | null = null;
  try {
    log(`first count ${(fromDatabase.firstCountMs / 1000).toFixed(1)} s after start, table read from PostgreSQL`);
    const heavyFirst = await timed(() => engineApi(engine, heavy.apiKey)('browseLeads', { body: { page: 1, limit: 25 } }));
    log(`heavy account's first browse (reads its ${heavyReveals} reveals) in ${heavyFirst.ms.toFixed(0)} ms`);

    // Fresh and heavy take turns request by request, so both meet the same machine, and which goes first
    // alternates, so neither always follows the other's garbage into the collector.
    const samples: Record<string, Record<'fresh' | 'heavy', number[]>> = {};
    const sample = (name: string, account: 'fresh' | 'heavy', ms: number) => (samples[name] ??= { fresh: [], heavy: [] })[account].push(ms);
    const accounts = [
      ['fresh', engineApi(engine, apiKey)],
      ['heavy', engineApi(engine, heavy.apiKey)],
    ] as const;
    let inexact = 0;
    for (let round = 0; round < options.rounds; round++) {
      log(`round ${round + 1}/${options.rounds}`);
      for (const [queryIndex, query] of QUERY_MIX.entries()) {
        const turns = (round + queryIndex) % 2 === 0 ? accounts : ([accounts[1], accounts[0]] as const);
        for (const [account, api] of turns) {
          const count = await timed(() => api('countLeads', { body: query.filters }));
          if (count.value.basis !== 'exact' && account === 'fresh') {
            inexact++;
            sampledCounts.push({ filters: query.filters, note: count.value.note });
          }
          sample('count', account, count.ms);
        }
        for (const [page, limit] of [
          [1, 25],
          [1, 1000],
          [400, 25],
          [400, 1000],
        ]) {
          for (const [account, api] of turns) {
            sample(
              `browse page ${page}, limit ${limit}`,
              account,
              (await timed(() => api('browseLeads', { body: { ...query.filters, page, limit } }))).ms,
            );
          }
        }
      }
    }

    for (const size of [100, 1000]) {
      for (let batch = 0; batch < 10; batch++) {
        for (const [account, api] of accounts) {
          const page = await api('browseLeads', { body: { page: 1, limit: size } });
          const ids = page.leads.map((lead) => lead.id);
          const reveal = await timed(() => api('revealLeads', { body: { leadIds: ids } }));
          if (reveal.value.new_reveals !== size) throw new Error(`reveal of ${size} revealed ${reveal.value.new_reveals} new leads`);
          sample(`reveal ${size} ids`, account, reveal.ms);
        }
      }
    }
    const finished = await processMemory(engine.child.pid!);
    log(`building the reveal sets of ${ACTIVE_HEAVY_ACCOUNTS} heavy accounts…`);
    const revealSets = await heavyRevealSetsMemory(options.contacts);
    await engine.stop();
    log('restarting from the snapshot…');
    fromSnapshot = await startAndCount(snapshotEnv, apiKey, options.contacts);

    const targets =
      options.contacts > 2_000_000
        ? { count: '≤ 500', browse: '≤ 100', reveal: '≤ 300' }
        : { count: '≤ 150', browse: '≤ 100', reveal: '≤ 300' };
    const targetOf = (name: string) =>
      name === 'count'
        ? targets.count
        : name.startsWith('browse')
          ? `${targets.browse}; heavy ≤ 1.25× fresh`
          : name === 'reveal 1000 ids'
            ? targets.reveal
            : '';
    const memoryTarget = options.contacts > 2_000_000 ? '≤ 1024 MB' : '';
    const column = (text: string) => text.padStart(10);
    const lines = [
      `leads benchmark: ${options.contacts} contacts, ${QUERY_MIX.length} queries × ${options.rounds} rounds, one request at a time over HTTP, same 2-core machine`,
      `fresh account: no reveals; heavy account: ${heavyReveals} reveals (${HEAVY_SHARE * 100}% of the contacts, inserted in bulk)`,
      `${'measure'.padEnd(30)}${column('fresh p50')}${column('fresh p95')}${column('heavy p50')}${column('heavy p95')}${column('p95 ratio')}  target (p95)`,
      ...Object.entries(samples).map(([name, { fresh, heavy: heavyMs }]) => {
        const freshP95 = percentile(fresh, 0.95);
        const heavyP95 = percentile(heavyMs, 0.95);
        return `${`${name} (n=${fresh.length})`.padEnd(30)}${column(formatMs(percentile(fresh, 0.5)))}${column(formatMs(freshP95))}${column(formatMs(percentile(heavyMs, 0.5)))}${column(formatMs(heavyP95))}${column(`${(heavyP95 / freshP95).toFixed(2)}×`)}  ${targetOf(name)}`;
      }),
      `${'count basis exact for every query'.padEnd(34)} ${inexact === 0 ? 'yes' : `no (${inexact} sampled)`}`,
      ...figures.map(([name, value, , target]) => `${name.padEnd(34)} ${value.padStart(19)}  ${target}`),
      `${'start → first count, no snapshot'.padEnd(34)} ${`${(fromDatabase.firstCountMs / 1000).toFixed(1)} s`.padStart(19)}  table read from PostgreSQL (and its snapshot written)`,
      `${'start → first count, snapshot'.padEnd(34)} ${`${(fromSnapshot.firstCountMs / 1000).toFixed(1)} s`.padStart(19)}  ${options.contacts > 2_000_000 ? '≤ 3 s' : '≤ 1.5 s'}`,
      `${'RSS at first count, no snapshot'.padEnd(34)} ${`${fromDatabase.rssMb.toFixed(0)} MB (peak ${fromDatabase.peakMb.toFixed(0)})`.padStart(19)}`,
      `${'RSS at first count, snapshot'.padEnd(34)} ${`${fromSnapshot.rssMb.toFixed(0)} MB (peak ${fromSnapshot.peakMb.toFixed(0)})`.padStart(19)}`,
      `${`RSS ${SETTLE_MS / 1000} s later, no snapshot`.padEnd(34)} ${`${fromDatabase.settledMb.toFixed(0)} MB`.padStart(19)}`,
      `${`RSS ${SETTLE_MS / 1000} s later, snapshot`.padEnd(34)} ${`${fromSnapshot.settledMb.toFixed(0)} MB`.padStart(19)}  ≤ no snapshot`,
      `${'heavy account first browse'.padEnd(34)} ${`${heavyFirst.ms.toFixed(0)} ms`.padStart(19)}`,
      `${`reveal sets, ${ACTIVE_HEAVY_ACCOUNTS} heavy accounts`.padEnd(34)} ${`${revealSets.setsMb.toFixed(0)} MB`.padStart(19)}  ≤ REVEAL_CACHE_MB ${REVEAL_CACHE_BUDGET_MB} (RSS grew ${revealSets.rssGrowthMb.toFixed(0)} MB building them)`,
      `${'engine RSS at end / peak'.padEnd(34)} ${`${finished.rssMb.toFixed(0)} / ${finished.peakMb.toFixed(0)} MB`.padStart(19)}  ${memoryTarget}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await engine.stop();
    await fromSnapshot?.engine.stop();
    await rm(snapshotDir, { recursive: true, force: true });
    // The account stays (its ledger does); its bulk reveals go, so the bench database does not grow.
    await withDatabase(leadsBenchDatabase(options.contacts), (client) =>
      client.query('DELETE FROM reveals WHERE account_id = $1', [heavy.accountId]),
    );
  }
  if (sampledCounts.length > 0) await checkSampledIntervals(env, apiKey, sampledCounts);
  process.stdout.write(`${(await runLiveImports(options.contacts)).join('\n')}\n`);
}

/** Counts every sampled query again on an engine that always counts exactly, and says how many 95% intervals held the truth. */
async function checkSampledIntervals(
  env: Record<string, string>,
  apiKey: string,
  sampled: Array<{ filters: SearchRequestInput; note: string }>,
): Promise<void> {
  process.stderr.write(`counting the ${sampled.length} sampled counts exactly…\n`);
  const exactEngine = await startNodeProcess(
    ENGINE_MAIN,
    [],
    { ...env, ENGINE_ROLE: 'api', COUNT_EXACT_BUDGET_MS: '100000000' },
    '/health',
    await freePort(),
  );
  try {
    for (let ready = false; !ready; ready = (await fetch(`${exactEngine.url}/ready`)).status === 200) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    let held = 0;
    const misses: string[] = [];
    for (const { filters, note } of sampled) {
      const interval = /95% interval ([\d,]+)–([\d,]+)/.exec(note);
      if (!interval) throw new Error(`a sampled count without an interval: ${note}`);
      const [low, high] = [interval[1], interval[2]].map((value) => Number(value.replace(/,/g, '')));
      const exact = (await engineApi(exactEngine, apiKey)('countLeads', { body: filters })).estimated_total;
      if (low <= exact && exact <= high) held++;
      else misses.push(`${JSON.stringify(filters)}: ${exact} outside ${low}–${high}`);
    }
    process.stdout.write(`${'sampled counts whose 95% interval holds the exact count'.padEnd(34)} ${held} of ${sampled.length}\n`);
    for (const miss of misses) process.stdout.write(`  miss: ${miss}\n`);
  } finally {
    await exactEngine.stop();
  }
}
