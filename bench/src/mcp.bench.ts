import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ensureLeadsBenchDatabase } from './leads.bench';
import { engineEnv, leadsBenchDatabase } from './support/bench-database';
import { cli, ENGINE_MAIN } from './support/engine-cli';
import { freePort, startNodeProcess } from './support/processes';
import { formatMs, percentile } from './support/stats';

const CONTACTS = Number(process.env.BENCH_MCP_CONTACTS ?? 100_000);
const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 200);
const WARM_UP = 20;

interface Row {
  what: string;
  p50: number;
  p95: number;
  total: number;
}

/**
 * The same count_leads, one call at a time on one engine: through /api/v1 (POST /leads/search) and
 * through /mcp with the SDK's client, in the 2026-07-28 era and with the 2025 handshake (each call of a
 * 2025 client is its own stateless exchange too). What /mcp adds is the protocol, not the count.
 */
export async function runMcpBenchmark(): Promise<void> {
  await ensureLeadsBenchDatabase(CONTACTS);
  const env = { ...engineEnv(leadsBenchDatabase(CONTACTS)), ENGINE_ROLE: 'api' };
  const account = await cli(['accounts:create', '--name', 'MCP bench', '--json'], env);
  const engine = await startNodeProcess(ENGINE_MAIN, [], env, '/health', await freePort());
  const rows: Row[] = [];
  try {
    const { call } = createApiClient(API_OPERATIONS, { baseUrl: engine.url, headers: { 'x-api-key': account.apiKey as string } });
    const industries = await call('listLeadFilters', { query: { field: 'industry' } });
    if (!('values' in industries)) throw new Error('the industry filter answered no values');
    const filters = { industry: [industries.values[0].value], seniority: ['Director', 'VP'], jobTitles: ['sales'] };

    const measure = async (what: string, count: () => Promise<number>) => {
      process.stderr.write(`measuring ${what}…\n`);
      for (let call = 0; call < WARM_UP; call++) await count();
      const times: number[] = [];
      let total = 0;
      for (let call = 0; call < CALLS; call++) {
        const started = performance.now();
        total = await count();
        times.push(performance.now() - started);
      }
      rows.push({ what, p50: percentile(times, 0.5), p95: percentile(times, 0.95), total });
    };

    await measure('POST /api/v1/leads/search', async () => (await call('countLeads', { body: filters })).estimated_total);
    for (const [what, mode] of [
      ['/mcp count_leads, 2026-07-28 client', { pin: '2026-07-28' as const }],
      ['/mcp count_leads, 2025 handshake', 'legacy' as const],
    ] as const) {
      const client = new Client({ name: 'lead-engine-bench', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', engine.url), { requestInit: { headers: { 'x-api-key': account.apiKey } } }),
      );
      try {
        await measure(what, async () => {
          const result = await client.callTool({ name: 'count_leads', arguments: filters });
          if (result.isError) throw new Error(`count_leads failed: ${JSON.stringify(result.content)}`);
          return (result.structuredContent as { estimated_total: number }).estimated_total;
        });
      } finally {
        await client.close();
      }
    }
    process.stdout.write(
      [
        `mcp benchmark: ${CONTACTS.toLocaleString('en-US')} contacts, the filters ${JSON.stringify(filters)}, ${CALLS} sequential calls per row after ${WARM_UP} warm-up, one engine (ENGINE_ROLE=api)`,
        `${'call'.padEnd(40)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}  estimated_total`,
        ...rows.map((row) => `${row.what.padEnd(40)} ${formatMs(row.p50).padStart(7)} ${formatMs(row.p95).padStart(7)}  ${row.total}`),
      ].join('\n') + '\n',
    );
    if (new Set(rows.map((row) => row.total)).size !== 1) throw new Error('/mcp and /api/v1 counted differently');
  } finally {
    await engine.stop();
  }
}
