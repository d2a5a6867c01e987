import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContactGenerator, SYNTHETIC_CONTACT_CSV_COLUMNS } from '@lead-engine/core';
import { QUERY_MIX } from './leads/query-mix';
import { contactsIn, dropDatabase, engineEnv, leadsBenchDatabase } from './support/bench-database';
import { cli, ENGINE_MAIN, timed } from './support/engine-cli';
import { freePort, startNodeProcess, Started } from './support/processes';
import { processMemory } from './support/process-memory';
import { formatMs, percentile } from './support/stats';

const IMPORT_ROWS = 1_000_000;

interface Options {
  contacts: number;
  rounds: number;
  fresh: boolean;
}

function parseOptions(args: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : Number(args[index + 1].replace(/_/g, ''));
  };
  return { contacts: value('--contacts', 1_000_000), rounds: value('--rounds', 5), fresh: args.includes('--fresh') };
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
 */
export async function writeCsv(file: string, rows: number, seed: number): Promise<void> {
  const out = createWriteStream(file);
  const quote = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const generator = createContactGenerator(seed);
  let chunk = `${SYNTHETIC_CONTACT_CSV_COLUMNS.map(([header]) => header).join(',')}\n`;
  for (let row = 0; row < rows; row++) {
    const contact = generator.next();
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

async function post(engine: Started, apiKey: string, route: string, body: unknown): Promise<any> {
  const response = await fetch(`${engine.url}/api/v1/leads/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  const parsed = await response.json();
  if (response.status !== 200) throw new Error(`${route} ${JSON.stringify(body)} answered ${response.status}: ${JSON.stringify(parsed)}`);
  return parsed;
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
  const sampledCounts: Array<{ filters: Record<string, unknown>; note: string }> = [];
  const engine = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'api' }, '/health', await freePort());
  try {
    const load = await timed(() => post(engine, apiKey, 'search', {}));
    if (load.value.estimated_total !== options.contacts) throw new Error(`engine sees ${load.value.estimated_total} contacts`);
    const loaded = await processMemory(engine.child.pid!);
    log(`index loaded in ${(load.ms / 1000).toFixed(1)} s`);

    const samples: Record<string, number[]> = {};
    const sample = (name: string, ms: number) => (samples[name] ??= []).push(ms);
    let inexact = 0;
    sampledCounts.length = 0;
    for (let round = 0; round < options.rounds; round++) {
      log(`round ${round + 1}/${options.rounds}`);
      for (const query of QUERY_MIX) {
        const count = await timed(() => post(engine, apiKey, 'search', query.filters));
        if (count.value.basis !== 'exact') {
          inexact++;
          sampledCounts.push({ filters: query.filters, note: count.value.note });
        }
        sample('count', count.ms);
        for (const [page, limit] of [
          [1, 25],
          [1, 1000],
          [400, 25],
          [400, 1000],
        ]) {
          sample(
            `browse page ${page}, limit ${limit}`,
            (await timed(() => post(engine, apiKey, 'browse', { ...query.filters, page, limit }))).ms,
          );
        }
      }
    }

    for (const size of [100, 1000]) {
      for (let batch = 0; batch < 10; batch++) {
        const page = await post(engine, apiKey, 'browse', { page: 1, limit: size });
        const ids = page.leads.map((lead: { id: string }) => lead.id);
        const reveal = await timed(() => post(engine, apiKey, 'reveal', { leadIds: ids }));
        if (reveal.value.new_reveals !== size) throw new Error(`reveal of ${size} revealed ${reveal.value.new_reveals} new leads`);
        sample(`reveal ${size} ids`, reveal.ms);
      }
    }
    const finished = await processMemory(engine.child.pid!);

    const targets =
      options.contacts > 2_000_000
        ? { count: '≤ 500', browse: '≤ 100', reveal: '≤ 300' }
        : { count: '≤ 150', browse: '≤ 100', reveal: '≤ 300' };
    const rows: Array<[string, string, string, string]> = Object.entries(samples).map(([name, values]) => [
      `${name} (n=${values.length})`,
      formatMs(percentile(values, 0.5)),
      formatMs(percentile(values, 0.95)),
      name === 'count' ? targets.count : name.startsWith('browse') ? targets.browse : name === 'reveal 1000 ids' ? targets.reveal : '',
    ]);
    const memoryTarget = options.contacts > 2_000_000 ? '≤ 1024 MB' : '';
    const lines = [
      `leads benchmark: ${options.contacts} contacts, ${QUERY_MIX.length} queries × ${options.rounds} rounds, one request at a time over HTTP, same 2-core machine`,
      `${'measure'.padEnd(34)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}  target (p95)`,
      ...rows.map(([name, p50, p95, target]) => `${name.padEnd(34)} ${p50.padStart(9)} ${p95.padStart(9)}  ${target}`),
      `${'count basis exact for every query'.padEnd(34)} ${inexact === 0 ? 'yes' : `no (${inexact} sampled)`}`,
      ...figures.map(([name, value, , target]) => `${name.padEnd(34)} ${value.padStart(19)}  ${target}`),
      `${'index load (first request)'.padEnd(34)} ${`${(load.ms / 1000).toFixed(1)} s`.padStart(19)}`,
      `${'engine RSS after load'.padEnd(34)} ${`${loaded.rssMb.toFixed(0)} MB`.padStart(19)}`,
      `${'engine RSS at end / peak'.padEnd(34)} ${`${finished.rssMb.toFixed(0)} / ${finished.peakMb.toFixed(0)} MB`.padStart(19)}  ${memoryTarget}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await engine.stop();
  }
  if (sampledCounts.length > 0) await checkSampledIntervals(env, apiKey, sampledCounts);
}

/** Counts every sampled query again on an engine that always counts exactly, and says how many 95% intervals held the truth. */
async function checkSampledIntervals(
  env: Record<string, string>,
  apiKey: string,
  sampled: Array<{ filters: Record<string, unknown>; note: string }>,
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
    let held = 0;
    const misses: string[] = [];
    for (const { filters, note } of sampled) {
      const interval = /95% interval ([\d,]+)–([\d,]+)/.exec(note);
      if (!interval) throw new Error(`a sampled count without an interval: ${note}`);
      const [low, high] = [interval[1], interval[2]].map((value) => Number(value.replace(/,/g, '')));
      const exact = (await post(exactEngine, apiKey, 'search', filters)).estimated_total as number;
      if (low <= exact && exact <= high) held++;
      else misses.push(`${JSON.stringify(filters)}: ${exact} outside ${low}–${high}`);
    }
    process.stdout.write(`${'sampled counts whose 95% interval holds the exact count'.padEnd(34)} ${held} of ${sampled.length}\n`);
    for (const miss of misses) process.stdout.write(`  miss: ${miss}\n`);
  } finally {
    await exactEngine.stop();
  }
}
