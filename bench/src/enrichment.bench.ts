import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import { ENRICHMENT_FIELD_IDS } from '@lead-engine/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dropDatabase } from './support/bench-database';
import { cli } from './support/engine-cli';
import { ScrapingEngine } from './support/scraping-engine';
import { timeJob } from './support/time-job';

const ROWS = 2_000;
const DATABASE = 'le_bench_enrichment';
const FIELDS = ENRICHMENT_FIELD_IDS;
const PRODUCTS = [
  'scheduling software',
  'payroll services',
  'freight logistics',
  'payment terminals',
  'security cameras',
  'analytics dashboards',
];
const CUSTOMERS = ['independent clinics', 'regional banks', 'family restaurants', 'school districts', 'manufacturers', 'law firms'];
const TITLES = [
  'VP of Engineering',
  'Head of Marketing',
  'Chief Financial Officer',
  'Operations Manager',
  'Founder & CEO',
  'Director of Sales',
];

const host = (row: number) => `company-${row}.test`;

/** A company home page of about 30 KB: navigation, scripts and styles around a few paragraphs about the company. */
function page(row: number): string {
  const product = PRODUCTS[row % PRODUCTS.length];
  const customers = CUSTOMERS[(row * 7) % CUSTOMERS.length];
  const filler =
    '<section class="c"><h2>Why teams choose us</h2><p>Fast setup, friendly support and fair pricing for growing teams.</p></section>'.repeat(
      120,
    );
  return `<!DOCTYPE html><html><head><title>Company ${row}</title><meta name="description" content="${product} for ${customers}">
<style>${'.c{display:flex;margin:0 auto;padding:12px 24px}'.repeat(100)}</style><script>window.__STATE__={"row":${row}}</script></head>
<body><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav><main><h1>Company ${row}</h1>
<p>We build ${product} for ${customers}. Our team of ${20 + (row % 200)} people serves customers in ${1 + (row % 30)} states.</p>
<p>In 2025 we launched a new ${product} suite and opened an office in Denver.</p>${filler}</main><footer>© Company ${row}</footer></body></html>`;
}

async function startSiteServer(): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((request, response) => {
    const row = Number(/^company-(\d+)\.test$/.exec((request.headers.host ?? '').replace(/:\d+$/, ''))?.[1] ?? -1);
    if (row < 0 || request.url === '/robots.txt') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(row));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
}

function uploadCsv(): string {
  const lines = ['First Name,Last Name,Email,Website,Title,Company'];
  for (let row = 0; row < ROWS; row++)
    lines.push(
      `Pat${row},Lee,pat${row}@${host(row)},https://${host(row)}/,${TITLES[row % TITLES.length].replace('&', 'and')},Company ${row}`,
    );
  return `${lines.join('\n')}\n`;
}

async function timeEnrichment(apiUrl: string, apiKey: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  form.append('fields', FIELDS.join(','));
  form.append('target_icp', 'VPs of Engineering and founders at software companies with 20-200 employees in the US');
  form.append('seller_offer', 'an AI assistant that books meetings');
  const { call } = createApiClient(API_OPERATIONS, { baseUrl: apiUrl, headers: { 'x-api-key': apiKey } });
  const timed = await timeJob(
    () => call('startEnrichment', { form }),
    (id) => call('getEnrichmentJob', { params: { id } }),
  );
  const download = await call('downloadEnrichment', { params: { id: timed.created.id } });
  return { ...timed, downloadBytes: Buffer.byteLength(download) };
}

/**
 * `npm run bench -- enrichment`: 2,000 rows, all 17 fields, the local provider, each row's company
 * website a loopback site read through the scraper (api and worker are separate processes); rows/s
 * end to end (upload to completed), then the same file again with every site in the text cache.
 */
export async function runEnrichmentBenchmark(): Promise<void> {
  const sites = await startSiteServer();
  const engine = await ScrapingEngine.start(DATABASE, sites.port, { AI_PROVIDER: 'local' });
  try {
    const { apiKey } = await cli(['accounts:create', '--name', 'enrichment bench', '--credits', String(ROWS * 28 * 2)], engine.env);
    const csv = uploadCsv();
    process.stderr.write(`enriching ${ROWS} rows × ${FIELDS.length} fields…\n`);
    const cold = await timeEnrichment(engine.api.url, apiKey, csv);
    const cached = await timeEnrichment(engine.api.url, apiKey, csv);
    const { worker: workerMemory, api: apiMemory } = await engine.memory();

    const rate = (ms: number) => `${((ROWS / ms) * 1000).toFixed(0)} rows/s`;
    const filled = (job: any) => Object.values(job.field_report ?? {}).reduce((sum: number, entry: any) => sum + entry.filled, 0);
    const lines = [
      `enrichment benchmark: ${ROWS} rows × ${FIELDS.length} fields, AI_PROVIDER=local, ~30 KB loopback company sites; api and worker are separate processes, ENRICHMENT_CONCURRENCY default`,
      `${'cold (every site read)'.padEnd(34)} ${`${(cold.ms / 1000).toFixed(1)} s`.padStart(8)}  ${rate(cold.ms).padStart(12)}  target ≥ 100 rows/s  (${cold.job.status}, ${filled(cold.job)} cells filled of ${ROWS * FIELDS.length}, hold ${cold.created.credits_charged}, refunded ${cold.job.credits_refunded})`,
      `${'same file again (site text cache)'.padEnd(34)} ${`${(cached.ms / 1000).toFixed(1)} s`.padStart(8)}  ${rate(cached.ms).padStart(12)}  (${cached.job.status})`,
      `${'result CSV'.padEnd(34)} ${`${(cold.downloadBytes / 1e6).toFixed(1)} MB`.padStart(8)}`,
      `${'worker RSS now / peak (VmHWM)'.padEnd(34)} ${workerMemory.rssMb.toFixed(0)} / ${workerMemory.peakMb.toFixed(0)} MB`,
      `${'api RSS now / peak (VmHWM)'.padEnd(34)} ${apiMemory.rssMb.toFixed(0)} / ${apiMemory.peakMb.toFixed(0)} MB`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await engine.stop();
    sites.server.closeAllConnections();
    await new Promise<void>((resolve) => sites.server.close(() => resolve()));
    await dropDatabase(DATABASE);
  }
}
