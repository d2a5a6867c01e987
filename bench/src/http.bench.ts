import path from 'node:path';
import { dropDatabase, engineEnv as benchEngineEnv } from './support/bench-database';
import { measureLoad, LoadResult } from './support/load';
import { freePort, REPO_ROOT, runNode, startNodeProcess, Started } from './support/processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Row {
  target: string;
  result: LoadResult;
}

/**
 * GET /credits on the real engine (auth, rate limit in Redis, balance from PostgreSQL) next to a bare
 * Node server answering the same JSON, and NestJS with nothing else on each adapter, one after another.
 */
export async function runHttpBenchmark(): Promise<void> {
  const database = `le_bench_http_${Date.now().toString(36)}`;
  const engineEnv = { ...benchEngineEnv(database), ENGINE_ROLE: 'api' };
  const rows: Row[] = [];
  const run = async (target: string, start: () => Promise<Started>, requestPath: string, headers: Record<string, string> = {}) => {
    const server = await start();
    try {
      process.stderr.write(`measuring ${target} for ${SECONDS}s…\n`);
      rows.push({ target, result: await measureLoad(server.url + requestPath, headers, SECONDS) });
    } finally {
      await server.stop();
    }
  };

  const servers = path.join(REPO_ROOT, 'bench/dist/servers');
  try {
    await run(
      'bare node:http',
      async () => startNodeProcess(path.join(servers, 'bare-server.js'), [], {}, '/', await freePort()),
      '/credits',
    );
    await run(
      'nest minimal (express)',
      async () => startNodeProcess(path.join(servers, 'nest-minimal-server.js'), ['express'], {}, '/credits', await freePort()),
      '/credits',
    );
    await run(
      'nest minimal (fastify)',
      async () => startNodeProcess(path.join(servers, 'nest-minimal-server.js'), ['fastify'], {}, '/credits', await freePort()),
      '/credits',
    );

    const engineMain = path.join(REPO_ROOT, 'apps/engine/dist/main.js');
    const warm = await startNodeProcess(engineMain, [], engineEnv, '/health', await freePort());
    await warm.stop();
    const account = await runNode(
      path.join(REPO_ROOT, 'apps/engine/dist/cli.js'),
      ['accounts:create', '--name', 'bench', '--json'],
      engineEnv,
    );
    if (account.code !== 0) throw new Error(account.stderr);
    const { apiKey } = JSON.parse(account.stdout);
    await run(
      'lead engine GET /api/v1/credits',
      async () => startNodeProcess(engineMain, [], engineEnv, '/health', await freePort()),
      '/api/v1/credits',
      {
        'x-api-key': apiKey,
      },
    );
  } finally {
    await dropDatabase(database);
  }

  const bare = rows[0].result.requestsPerSecond;
  const lines = [
    `http benchmark: ${SECONDS}s per target after 2s warm-up, 32 connections, autocannon on the same 2-core machine`,
    `${'target'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)} ${'vs bare'.padStart(8)}`,
    ...rows.map(({ target, result }) =>
      [
        target.padEnd(34),
        result.requestsPerSecond.toFixed(0).padStart(9),
        String(result.p50).padStart(7),
        String(result.p99).padStart(7),
        String(result.non2xx + result.errors).padStart(8),
        `${((result.requestsPerSecond / bare) * 100).toFixed(1)}%`.padStart(8),
      ].join(' '),
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
