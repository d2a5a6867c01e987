import { SCRAPE_OUTCOMES } from '@lead-engine/contracts';
import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cli } from './support/engine-cli';
import { ScrapingEngine } from './support/scraping-engine';
import { timeJob } from './support/time-job';

const SITES = 5_000;
const DATABASE = 'le_bench_scrape';

type Kind = 'ok' | 'redirect' | 'forbidden' | 'rate-limited' | 'robots' | 'bot-wall' | 'not-found' | 'pdf' | 'empty' | 'no-dns';

/** The mix of sites, out of 100: mostly readable pages, and every other outcome a few times. */
const MIX: Array<[Kind, number]> = [
  ['ok', 68],
  ['redirect', 5],
  ['forbidden', 4],
  ['rate-limited', 2],
  ['robots', 3],
  ['bot-wall', 2],
  ['not-found', 5],
  ['pdf', 3],
  ['empty', 3],
  ['no-dns', 5],
];
const EXPECTED: Record<Kind, string> = {
  ok: 'ok',
  redirect: 'ok',
  forbidden: 'blocked',
  'rate-limited': 'blocked',
  robots: 'blocked',
  'bot-wall': 'blocked',
  'not-found': 'no_content',
  pdf: 'no_content',
  empty: 'no_content',
  'no-dns': 'invalid',
};

function kindOf(site: number): Kind {
  let slot = (site * 37) % 100;
  for (const [kind, share] of MIX) {
    if (slot < share) return kind;
    slot -= share;
  }
  return 'ok';
}

const host = (site: number) => (kindOf(site) === 'no-dns' ? `gone-${site}.example` : `site-${site}.test`);

/** A deterministic pseudo-random generator, so every run serves the same pages. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS =
  'cloud platform customers teams data secure analytics growth pricing enterprise support integration workflow revenue pipeline partners industry solutions product launch report'.split(
    ' ',
  );

/**
 * A page shaped like a real company home page: inline CSS and JSON state in the head, scripts, a
 * navigation, sections of headings, paragraphs, lists and links, and a footer; 20 to 200 KB.
 */
function realisticPage(bytes: number, seed: number): string {
  const random = prng(seed);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const parts: string[] = [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SITE — ${words(4)}</title>`,
    `<meta name="description" content="${words(18)}"><meta name="viewport" content="width=device-width">`,
    `<style>${'.c{display:flex;margin:0 auto;padding:12px 24px;color:#223}'.repeat(Math.floor(bytes / 400))}</style>`,
    `<script>window.__STATE__=${JSON.stringify({ items: Array.from({ length: Math.floor(bytes / 900) }, (_, i) => ({ id: i, label: words(3) })) })}</script>`,
    '</head><body><header><nav><a href="/">Home</a> <a href="/product">Product</a> <a href="/pricing">Pricing</a></nav></header><main>',
  ];
  let size = parts.join('').length;
  while (size < bytes - 400) {
    const section = `<section class="c"><h2>${words(5)}</h2><p>${words(60)}</p><ul><li><a href="/x">${words(3)}</a></li><li>${words(6)}</li></ul><div class="card"><span>${words(4)}</span><img src="/i.png" alt="${words(2)}"></div></section>\n`;
    parts.push(section);
    size += section.length;
  }
  parts.push(`</main><footer><p>© ${words(3)}</p></footer><script src="/app.js"></script></body></html>`);
  return parts.join('');
}

/** One loopback HTTP server standing in for every site, told apart by the Host header. */
async function startSiteServer(): Promise<{ server: http.Server; port: number; requests: () => number }> {
  const pages = Array.from({ length: 40 }, (_, n) => {
    const size = 20_000 + Math.floor((n / 39) * 180_000);
    const [head, tail] = realisticPage(size, n + 1).split('SITE');
    return { head: Buffer.from(head), tail: Buffer.from(tail) };
  });
  const wall = Buffer.from(
    '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script></body></html>',
  );
  const empty = Buffer.from(
    '<!DOCTYPE html><html><head><script src="/bundle.js"></script></head><body><div id="root"></div></body></html>',
  );
  const pdf = Buffer.alloc(50_000, 0x25);
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    const name = (request.headers.host ?? '').replace(/:\d+$/, '');
    const site = Number(/^site-(\d+)\.test$/.exec(name)?.[1] ?? -1);
    const kind = site >= 0 ? kindOf(site) : 'not-found';
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (request.url === '/robots.txt') {
      if (kind === 'robots') return response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n');
      return response.writeHead(404).end();
    }
    switch (kind) {
      case 'redirect':
        if (request.url === '/') return response.writeHead(301, { location: '/home' }).end();
        if (request.url === '/home') return response.writeHead(302, { location: '/en/' }).end();
        break;
      case 'forbidden':
        return response.writeHead(403, html).end('<h1>Forbidden</h1>');
      case 'rate-limited':
        return response.writeHead(429, { ...html, 'retry-after': '60' }).end('<h1>Too many requests</h1>');
      case 'bot-wall':
        return response.writeHead(503, { ...html, 'cf-mitigated': 'challenge' }).end(wall);
      case 'not-found':
        return response.writeHead(404, html).end('<h1>Not found</h1>');
      case 'pdf':
        return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
      case 'empty':
        return response.writeHead(200, html).end(empty);
    }
    const page = pages[site % pages.length];
    response.writeHead(200, html);
    response.write(page.head);
    response.write(name);
    response.end(page.tail);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port, requests: () => requests };
}

function timeScrape(apiUrl: string, apiKey: string, domains: string[]) {
  const { call } = createApiClient(API_OPERATIONS, { baseUrl: apiUrl, headers: { 'x-api-key': apiKey } });
  return timeJob(
    () => call('startScrape', { body: { domains } }),
    (id) => call('getScrapeJob', { params: { id } }),
  );
}

/**
 * `npm run bench -- scrape`: 5,000 loopback sites of mixed outcomes and 20–200 KB pages, read by an
 * engine whose api and worker are separate processes (SCRAPE_ALLOW_PRIVATE_NETWORKS=true, names
 * from a loopback DNS server); domains/s end to end, then the same job again from the site text cache.
 */
export async function runScrapeBenchmark(): Promise<void> {
  const sites = await startSiteServer();
  const engine = await ScrapingEngine.start(DATABASE, sites.port);
  try {
    const { apiKey } = await cli(['accounts:create', '--name', 'scrape bench', '--credits', String(SITES * 2)], engine.env);
    const domains = Array.from({ length: SITES }, (_, site) => host(site));
    process.stderr.write(`scraping ${SITES} loopback sites…\n`);
    const cold = await timeScrape(engine.api.url, apiKey, domains);
    const siteRequests = sites.requests();
    const cached = await timeScrape(engine.api.url, apiKey, domains);
    const { worker: workerMemory, api: apiMemory } = await engine.memory();

    const expected: Record<string, number> = { ok: 0, blocked: 0, no_content: 0, invalid: 0 };
    for (let site = 0; site < SITES; site++) expected[EXPECTED[kindOf(site)]]++;
    const counts = (job: Record<(typeof SCRAPE_OUTCOMES)[number], number | null>) =>
      `ok ${job.ok}, blocked ${job.blocked}, no_content ${job.no_content}, invalid ${job.invalid}`;
    const rate = (ms: number) => `${((SITES / ms) * 1000).toFixed(0)} domains/s`;
    const lines = [
      `scrape benchmark: ${SITES} loopback sites (pages 20–200 KB, ${MIX.map(([kind, share]) => `${kind} ${share}%`).join(', ')}); api and worker are separate processes, SCRAPE_CONCURRENCY default`,
      `${'cold job (every site read)'.padEnd(34)} ${`${(cold.ms / 1000).toFixed(1)} s`.padStart(8)}  ${rate(cold.ms).padStart(14)}  target ≥ 200 domains/s`,
      `${'  outcomes'.padEnd(34)} ${counts(cold.job)}  (expected ok ${expected.ok}, blocked ${expected.blocked}, no_content ${expected.no_content}, invalid ${expected.invalid})`,
      `${'  site requests (robots + pages)'.padEnd(34)} ${siteRequests}`,
      `${'same job again (cache hits)'.padEnd(34)} ${`${(cached.ms / 1000).toFixed(1)} s`.padStart(8)}  ${rate(cached.ms).padStart(14)}  ${counts(cached.job)}`,
      `${'worker RSS now / peak (VmHWM)'.padEnd(34)} ${workerMemory.rssMb.toFixed(0)} / ${workerMemory.peakMb.toFixed(0)} MB`,
      `${'api RSS now / peak (VmHWM)'.padEnd(34)} ${apiMemory.rssMb.toFixed(0)} / ${apiMemory.peakMb.toFixed(0)} MB`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await engine.stop();
    sites.server.closeAllConnections();
    sites.server.close();
  }
}
