import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeCsv } from './leads.bench';
import { dropDatabase, engineEnv } from './support/bench-database';
import { cli, timed } from './support/engine-cli';
import { percentile } from './support/stats';

interface Options {
  rows: number;
  runs: number;
}

function parseOptions(args: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : Number(args[index + 1].replace(/_/g, ''));
  };
  return { rows: value('--rows', 1_000_000), runs: value('--runs', 3) };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * `contacts:import` of a generated CSV (seed 2), timed end to end through the operator CLI: into a fresh
 * database, then the same file again into the now-full one (every row an update). Each figure is the
 * median of `--runs` runs, each on a database of its own.
 */
export async function runImportBenchmark(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const csv = path.join(tmpdir(), `le-bench-import-${options.rows}.csv`);
  const rates = { fresh: [] as number[], again: [] as number[] };
  const loads: string[] = [];
  try {
    log(`writing ${options.rows} rows of CSV…`);
    await writeCsv(csv, options.rows, 2);
    for (let run = 1; run <= options.runs; run++) {
      const database = `le_bench_import_${Date.now().toString(36)}`;
      const env = engineEnv(database);
      try {
        await cli(['accounts:create', '--name', 'migrate only'], env);
        for (const [name, expected] of [
          ['fresh', { imported: options.rows, updated: 0 }],
          ['again', { imported: 0, updated: options.rows }],
        ] as const) {
          loads.push(load());
          const imported = await timed(() => cli(['contacts:import', csv], env));
          const { imported: inserted, updated } = imported.value;
          if (inserted !== expected.imported || updated !== expected.updated)
            throw new Error(`import reported ${JSON.stringify(imported.value)}`);
          const rate = Math.round(options.rows / (imported.ms / 1000));
          rates[name].push(rate);
          log(`run ${run}/${options.runs}, ${name}: ${rate} rows/s (load average ${load()})`);
        }
      } finally {
        await dropDatabase(database);
      }
    }
  } finally {
    await rm(csv, { force: true });
  }
  const median = (values: number[]) => String(percentile(values, 0.5));
  const lines = [
    `import benchmark: ${options.rows} generated contacts (seed 2), contacts:import through the CLI, median of ${options.runs} runs, same 2-core machine`,
    `${'import into a fresh database'.padEnd(40)} ${`${median(rates.fresh)} rows/s`.padStart(16)}  ≥ 50000 rows/s  (runs: ${rates.fresh.join(', ')})`,
    `${'re-import into the full database'.padEnd(40)} ${`${median(rates.again)} rows/s`.padStart(16)}  (updates; runs: ${rates.again.join(', ')})`,
    `${'load average at the starts (1 5 15 min)'.padEnd(40)} ${loads.join(' | ')}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
