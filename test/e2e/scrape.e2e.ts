import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { LoopbackDnsServer } from '../../bench/src/support/loopback-dns-server';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { loopbackScrapeEnv } from './support/loopback-scrape-env';
import { htmlPage, LoopbackSites } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';
import { selfSignedCertificate } from './support/self-signed-certificate';
import { downloadBytes, expectExcelTwin } from './support/csv-for-excel';

const CHALLENGE_PAGE = `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>
  <noscript>Enable JavaScript and cookies to continue</noscript>
  <script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>`;

describe('scrape: website text jobs over real loopback sites', () => {
  let sites: LoopbackSites;
  let httpOnly: LoopbackSites;
  let dns: LoopbackDnsServer;
  let certificate: ReturnType<typeof selfSignedCertificate>;
  const harness = useHarness({
    label: 'scrape',
    prepare: async (harness) => {
      certificate = selfSignedCertificate(['secure.web.test']);
      sites = harness.stopAfterAll(await new LoopbackSites().start({ tls: certificate }));
      httpOnly = harness.stopAfterAll(await new LoopbackSites('127.0.0.3').start({ httpPort: sites.httpPort }));
      dns = harness.stopAfterAll(
        await new LoopbackDnsServer()
          .set('*.web.test', ['127.0.0.1'])
          .set('closed.web.test', ['127.0.0.3'])
          .set('down.web.test', ['127.0.0.4'])
          .start(),
      );
    },
    env: () =>
      loopbackScrapeEnv({
        dnsServer: dns.address,
        httpPort: sites.httpPort,
        httpsPort: sites.httpsPort,
        caFile: certificate.certFile,
        timeoutMs: 5000,
        connectTimeoutMs: 2000,
      }),
  });

  const client = async (credits?: number) => {
    const account = await harness.createAccount('Scraper', credits);
    return { ...account, scrape: new ScrapeClient(harness.url, account.apiKey) };
  };

  it('classifies every outcome and refunds every domain that is not ok when the job completes', async () => {
    sites
      .page('ok.web.test', htmlPage('Acme Rockets', 'We build reusable rockets that fly weekly.', 'Rockets for everyone'))
      .page('friendly.web.test', htmlPage('Friendly', 'Robots welcome here.'), { robots: 'User-agent: OtherBot\nDisallow: /\n' })
      .page('b401.web.test', htmlPage('Login', 'Sign in'), { status: 401 })
      .page('b403.web.test', htmlPage('Forbidden', 'Go away'), { status: 403 })
      .page('b429.web.test', htmlPage('Slow down', 'Too many'), { status: 429 })
      .page('b451.web.test', htmlPage('Unavailable', 'Legal reasons'), { status: 451 })
      .page('robots.web.test', htmlPage('Private', 'Nobody should read this'), {
        robots: 'User-agent: *\nAllow: /\n\nUser-agent: LeadEngine\nDisallow: /\n',
      })
      .page('wall.web.test', CHALLENGE_PAGE, { status: 503, headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' } })
      .page('softwall.web.test', CHALLENGE_PAGE)
      .page('pdf.web.test', Buffer.from('%PDF-1.7 binary'), { headers: { 'content-type': 'application/pdf' } })
      .page('empty.web.test', '<html><head><script>render()</script></head><body><div id="app"></div></body></html>')
      .page('missing.web.test', htmlPage('Not found', 'Nothing here'), { status: 404 });
    const { accountId, scrape } = await client();
    const domains = [
      'ok.web.test',
      'friendly.web.test',
      'b401.web.test',
      'b403.web.test',
      'b429.web.test',
      'b451.web.test',
      'robots.web.test',
      'wall.web.test',
      'softwall.web.test',
      'pdf.web.test',
      'empty.web.test',
      'missing.web.test',
      'down.web.test',
      'nowhere.test',
      'not a domain',
    ];
    const created = await scrape.start(domains);
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'queued', total: 15, credits_charged: 15, credits_refunded: 0, done: 0 });
    expect(await scrape.balance()).toBe(300 - 15);

    const job = await scrape.finished(created.body.id);
    expect(job).toMatchObject({
      status: 'completed',
      total: 15,
      done: 15,
      ok: 2,
      blocked: 7,
      no_content: 4,
      invalid: 2,
      progress_pct: 100,
      credits_charged: 15,
      credits_refunded: 13,
      completed_at: expect.any(String),
    });
    expect(await scrape.balance()).toBe(300 - 2);

    const results = (await scrape.results(job.id, '?limit=1000')).body;
    const outcomes = Object.fromEntries(results.items.map((item: { domain: string; status: string }) => [item.domain, item.status]));
    expect(outcomes).toEqual({
      'ok.web.test': 'ok',
      'friendly.web.test': 'ok',
      'b401.web.test': 'blocked',
      'b403.web.test': 'blocked',
      'b429.web.test': 'blocked',
      'b451.web.test': 'blocked',
      'robots.web.test': 'blocked',
      'wall.web.test': 'blocked',
      'softwall.web.test': 'blocked',
      'pdf.web.test': 'no_content',
      'empty.web.test': 'no_content',
      'missing.web.test': 'no_content',
      'down.web.test': 'no_content',
      'nowhere.test': 'invalid',
      'not a domain': 'invalid',
    });
    const reasons = Object.fromEntries(
      results.items.map((item: { domain: string; reason: string | null; http_status: number | null }) => [
        item.domain,
        [item.reason, item.http_status],
      ]),
    );
    expect(reasons).toEqual({
      'ok.web.test': [null, null],
      'friendly.web.test': [null, null],
      'b401.web.test': ['http_status', 401],
      'b403.web.test': ['http_status', 403],
      'b429.web.test': ['http_status', 429],
      'b451.web.test': ['http_status', 451],
      'robots.web.test': ['robots', null],
      'wall.web.test': ['bot_wall', null],
      'softwall.web.test': ['bot_wall', null],
      'pdf.web.test': ['not_html', null],
      'empty.web.test': ['no_text', null],
      'missing.web.test': ['http_status', 404],
      'down.web.test': ['unreachable', null],
      'nowhere.test': ['no_dns', null],
      'not a domain': ['not_a_host', null],
    });
    const ok = results.items.find((item: { domain: string }) => item.domain === 'ok.web.test');
    expect(ok).toEqual({
      domain: 'ok.web.test',
      status: 'ok',
      reason: null,
      http_status: null,
      text: 'Acme Rockets\nRockets for everyone\nAcme Rockets We build reusable rockets that fly weekly.',
      chars: 89,
      cached: false,
    });
    for (const item of results.items.filter((entry: { status: string }) => entry.status !== 'ok')) {
      expect(item).toMatchObject({ text: '', chars: 0, cached: false });
    }

    // robots.txt said no: the page itself was never requested, and the engine named itself.
    expect(sites.count('robots.web.test', '/robots.txt')).toBe(1);
    expect(sites.count('robots.web.test', '/')).toBe(0);
    expect(sites.requests.filter((request) => request.host === 'ok.web.test').map((request) => request.userAgent)).toEqual([
      'LeadEngine/1.1 (+https://github.com/lead-engine)',
      'LeadEngine/1.1 (+https://github.com/lead-engine)',
    ]);

    const db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT kind, amount::int AS amount, reference FROM credit_ledger WHERE account_id = $1 AND kind IN ('hold', 'refund') ORDER BY id`,
        [accountId],
      );
      expect(rows).toEqual([
        { kind: 'hold', amount: 15, reference: `scrape:${job.id}` },
        { kind: 'refund', amount: 13, reference: `scrape:${job.id}` },
      ]);
    } finally {
      await db.end();
    }
  });

  it('normalizes URLs, emails, case, ports and www., deduplicates, and holds one credit per unique input', async () => {
    sites.page('norm.web.test', htmlPage('Norm', 'Normalized')).page('other.web.test', htmlPage('Other', 'Another site'));
    const { scrape } = await client();
    const created = await scrape.start([
      'https://www.Norm.web.test/about?x=1',
      'norm.web.test',
      'sales@NORM.web.test',
      'norm.web.test:8080',
      'http://other.web.test/',
      '   ',
      'www.other.web.test',
    ]);
    expect(created.body).toMatchObject({ total: 2, credits_charged: 2 });
    const job = await scrape.finished(created.body.id);
    expect(job).toMatchObject({ ok: 2, credits_refunded: 0 });
    const { items } = (await scrape.results(job.id)).body;
    expect(items.map((item: { domain: string }) => item.domain).sort()).toEqual(['norm.web.test', 'other.web.test']);
    expect(await scrape.balance()).toBe(298);
    const single = await scrape.start('other.web.test');
    expect(single.body).toMatchObject({ total: 1 });
    await scrape.finished(single.body.id);
  });

  it('tries https first and falls back to http when https cannot connect', async () => {
    sites.page('secure.web.test', htmlPage('Secure', 'Served over TLS'));
    sites.page('badcert.web.test', htmlPage('Bad certificate', 'Served over plain http'));
    httpOnly.page('closed.web.test', htmlPage('Closed', 'No TLS port at all'));
    const { scrape } = await client();
    const { job, byDomain } = await scrape.scrape(['secure.web.test', 'closed.web.test', 'badcert.web.test']);
    expect(job).toMatchObject({ ok: 3 });
    expect(byDomain.get('secure.web.test')!.text).toContain('Served over TLS');
    expect(sites.requests.filter((request) => request.host === 'secure.web.test').map((request) => request.scheme)).toEqual([
      'https',
      'https',
    ]);
    // The certificate does not name badcert.web.test, so its TLS handshake fails and http is used.
    expect(sites.requests.filter((request) => request.host === 'badcert.web.test').map((request) => request.scheme)).toEqual([
      'http',
      'http',
    ]);
    expect(httpOnly.requests.map((request) => `${request.scheme} ${request.path}`)).toEqual(['http /robots.txt', 'http /']);
  });

  it('follows at most 5 redirects, across hosts, reading robots.txt of every origin on the way', async () => {
    const chain = (host: string, hops: number) =>
      sites.site(host, (request, response) => {
        if (request.url === '/robots.txt') return response.writeHead(404).end();
        const step = Number((request.url ?? '/').slice(1) || 0);
        if (step < hops) return response.writeHead(302, { location: `/${step + 1}` }).end();
        response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Arrived', `After ${hops} redirects`));
      });
    chain('five.web.test', 5);
    chain('six.web.test', 6);
    sites.site('hop.web.test', (request, response) => {
      response.writeHead(301, { location: `http://landing.web.test:${sites.httpPort}/welcome` }).end();
    });
    sites.site('landing.web.test', (request, response) => {
      if (request.url === '/robots.txt')
        return response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
      response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Landing', 'You have landed'));
    });
    const { scrape } = await client();
    const { byDomain } = await scrape.scrape(['five.web.test', 'six.web.test', 'hop.web.test']);
    expect(byDomain.get('five.web.test')).toMatchObject({ status: 'ok', text: expect.stringContaining('After 5 redirects') });
    expect(byDomain.get('six.web.test')).toMatchObject({ status: 'no_content', reason: 'too_many_redirects' });
    expect(sites.count('six.web.test', '/6')).toBe(0);
    expect(byDomain.get('hop.web.test')).toMatchObject({ status: 'ok', text: expect.stringContaining('You have landed') });
    expect(sites.count('landing.web.test', '/robots.txt')).toBe(1);
  });

  it('pages through results in order of completion, filters by outcome, and ends with next_offset null', async () => {
    for (let n = 1; n <= 6; n++) sites.page(`page${n}.web.test`, htmlPage(`Page ${n}`, `Text ${n}`));
    sites.page('page-missing.web.test', 'gone', { status: 404 });
    const { scrape } = await client();
    const domains = [
      ...Array.from({ length: 6 }, (_, n) => `page${n + 1}.web.test`),
      'page-missing.web.test',
      'nowhere-a.test',
      'nowhere-b.test',
    ];
    const { job, items: all } = await scrape.scrape(domains);
    expect(all).toHaveLength(9);

    const paged: unknown[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page: any = (await scrape.results(job.id, `?offset=${offset}&limit=2`)).body;
      expect(page).toMatchObject({ job_id: job.id, status: 'completed', offset });
      paged.push(...page.items);
      offset = page.next_offset;
      pages++;
    }
    expect(pages).toBe(5);
    expect(paged).toEqual(all);

    const invalid = (await scrape.results(job.id, '?status=invalid')).body;
    expect(invalid.items.map((item: { domain: string }) => item.domain).sort()).toEqual(['nowhere-a.test', 'nowhere-b.test']);
    expect(invalid.next_offset).toBeNull();
    expect((await scrape.results(job.id, '?status=ok&limit=4')).body).toMatchObject({ next_offset: 4 });
    expect((await scrape.results(job.id, '?status=ok&offset=4&limit=4')).body.items).toHaveLength(2);
    expect((await scrape.results(job.id, '?status=weird')).body.code).toBe('VALIDATION_ERROR');
    expect((await scrape.results(job.id, '?limit=0')).body.code).toBe('VALIDATION_ERROR');
  });

  it('shows items as they finish while the job runs, with next_offset pointing past them', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    sites.page('quick.web.test', htmlPage('Quick', 'Fast answer'));
    sites.site('sluggish.web.test', (request, response) => {
      if (request.url === '/robots.txt') return response.writeHead(404).end();
      void released.then(() => response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Sluggish', 'Finally')));
    });
    const { scrape } = await client();
    const created = await scrape.start(['quick.web.test', 'sluggish.web.test']);
    const deadline = Date.now() + 10_000;
    let page: any;
    for (;;) {
      page = (await scrape.results(created.body.id)).body;
      if (page.items.length === 1 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(page).toMatchObject({ status: 'running', offset: 0, next_offset: 1, items: [{ domain: 'quick.web.test', status: 'ok' }] });
    expect((await scrape.status(created.body.id)).body).toMatchObject({ status: 'running', done: 1, ok: 1, progress_pct: 50 });
    expect((await scrape.results(created.body.id, '?offset=1')).body).toMatchObject({ items: [], next_offset: 1 });
    release();
    await scrape.finished(created.body.id);
    const rest = (await scrape.results(created.body.id, '?offset=1')).body;
    expect(rest).toMatchObject({ status: 'completed', items: [{ domain: 'sluggish.web.test' }], next_offset: null });
  });

  it('serves site text read within 30 days from the cache shared by every account', async () => {
    sites.page('cached.web.test', htmlPage('Cached', 'Read once'));
    const first = await (await client()).scrape.scrape(['cached.web.test']);
    expect(first.items[0]).toMatchObject({ status: 'ok', cached: false });
    const requests = sites.count('cached.web.test');
    const other = await client();
    const second = await other.scrape.scrape(['https://www.cached.web.test/']);
    expect(second.items[0]).toEqual({ ...first.items[0], cached: true });
    expect(second.items[0]).toMatchObject({ reason: null, http_status: null });
    expect(second.job).toMatchObject({ ok: 1, credits_charged: 1, credits_refunded: 0 });
    expect(sites.count('cached.web.test')).toBe(requests);
    expect(await other.scrape.balance()).toBe(299);

    const db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE site_texts SET fetched_at = now() - interval '31 days' WHERE domain = 'cached.web.test'`);
    } finally {
      await db.end();
    }
    const third = await other.scrape.scrape(['cached.web.test']);
    expect(third.items[0]).toMatchObject({ status: 'ok', cached: false });
    expect(sites.count('cached.web.test')).toBeGreaterThan(requests);
  });

  it('downloads the results as CSV, a page at a time: reasons in words, formulas neutralized, filtered by outcome, for the account only', async () => {
    sites
      .page('csv-ok.web.test', htmlPage('=HYPERLINK("http://evil.test")', 'Looks like a formula'))
      .page('csv-shy.web.test', htmlPage('Shy', 'Go away'), { status: 403 });
    const owner = await client();
    const stranger = await client();
    const domains = ['csv-ok.web.test', 'csv-shy.web.test', 'nowhere-csv.test', 'not a domain'];
    const { job } = await owner.scrape.scrape(domains);

    const download = await owner.scrape.resultsCsv(job.id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="scrape-${job.id.slice(0, 8)}.csv"`);
    const rows: string[][] = parse(download.text);
    expect(rows[0]).toEqual(['Domain', 'Outcome', 'Reason', 'Cached', 'Characters', 'Text']);
    const byDomain = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(rows).toHaveLength(1 + domains.length);
    const ok = byDomain.get('csv-ok.web.test')!;
    expect(ok.slice(1, 4)).toEqual(['ok', '', 'no']);
    expect(ok[5].startsWith(`'=HYPERLINK("http://evil.test")`)).toBe(true);
    expect(Number(ok[4])).toBe([...ok[5].slice(1)].length);
    expect(byDomain.get('csv-shy.web.test')!.slice(1, 6)).toEqual(['blocked', 'the site answered 403', 'no', '0', '']);
    expect(byDomain.get('nowhere-csv.test')!.slice(1, 3)).toEqual(['invalid', 'no DNS answer: the name does not exist or has no address']);
    expect(byDomain.get('not a domain')!.slice(1, 3)).toEqual(['invalid', 'not a host name']);
    const csvUrl = `${harness.url}/api/v1/scrape/jobs/${job.id}/results/csv`;
    const plain = await downloadBytes(csvUrl, { 'x-api-key': owner.apiKey });
    const forExcel = await downloadBytes(`${csvUrl}?excel=true`, { 'x-api-key': owner.apiKey });
    expect([plain.status, forExcel.status]).toEqual([200, 200]);
    expectExcelTwin(plain.bytes, forExcel.bytes);

    const invalid: string[][] = parse((await owner.scrape.resultsCsv(job.id, '?status=invalid')).text);
    expect(
      invalid
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['not a domain', 'nowhere-csv.test']);
    const bad = await owner.scrape.resultsCsv(job.id, '?status=weird');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    // As the JSON results: another account's, an unknown and a malformed id answer alike.
    for (const response of [
      await stranger.scrape.resultsCsv(job.id),
      await owner.scrape.resultsCsv('8a4c5a0e-1f7a-4f7c-9a59-7d0f1c2b3a4d'),
      await owner.scrape.resultsCsv('not-a-uuid'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('JOB_NOT_FOUND');
    }
    const anonymous = await http(harness.url, 'GET', `/api/v1/scrape/jobs/${job.id}/results/csv`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('AUTH_REQUIRED');
  });

  it('streams a job of more sites than one page of the download holds', async () => {
    const { scrape } = await client(1000);
    const domains = Array.from({ length: 650 }, (_, n) => `not a domain ${n}`);
    const { job } = await scrape.scrape(domains);
    const rows: string[][] = parse((await scrape.resultsCsv(job.id)).text);
    expect(rows).toHaveLength(651);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(650);
    expect(rows.slice(1).every((row) => row[1] === 'invalid' && row[2] === 'not a host name')).toBe(true);
  });

  it('refuses with 402 and holds nothing when the balance cannot cover every unique input', async () => {
    const { scrape } = await client(2);
    const refused = await scrape.start(['a.web.test', 'b.web.test', 'c.web.test', 'A.web.test']);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required: 3, balance: 2, error: expect.any(String) });
    expect((await scrape.list()).body).toEqual({ jobs: [] });
    expect(await scrape.balance()).toBe(2);
  });

  it('validates inputs before credits: DOMAINS_REQUIRED, TOO_MANY_DOMAINS, unknown keys', async () => {
    const { apiKey, scrape } = await client(0);
    for (const domains of [undefined, [], ['', '  ']]) {
      const response = await scrape.start(domains);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('DOMAINS_REQUIRED');
    }
    const tooMany = await scrape.start(Array.from({ length: 50_001 }, (_, n) => `d${n}.web.test`));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('TOO_MANY_DOMAINS');
    const typo = await http(harness.url, 'POST', '/api/v1/scrape/jobs', { apiKey, body: { domain: ['a.web.test'] } });
    expect(typo.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'domain' }] });
    expect((await scrape.start(['a.web.test'])).body.code).toBe('INSUFFICIENT_CREDITS');
  });

  it('takes 50,000 long inputs in one request', async () => {
    const { scrape } = await client(50_000);
    const domains = Array.from({ length: 50_000 }, (_, n) => `https://www.company-number-${n}-with-a-long-name.invalid/about-us`);
    const created = await scrape.start(domains);
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ total: 50_000, credits_charged: 50_000 });
  });

  it('answers JOB_NOT_FOUND for other accounts’ jobs, unknown and malformed ids, and lists an account’s own newest first', async () => {
    const owner = await client();
    const stranger = await client();
    const first = await owner.scrape.scrape(['not a domain']);
    const second = await owner.scrape.scrape(['still not a domain']);
    for (const response of [
      await stranger.scrape.status(first.job.id),
      await stranger.scrape.results(first.job.id),
      await owner.scrape.status('8a4c5a0e-1f7a-4f7c-9a59-7d0f1c2b3a4d'),
      await owner.scrape.status('not-a-uuid'),
      await owner.scrape.results('not-a-uuid'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('JOB_NOT_FOUND');
    }
    expect((await owner.scrape.list()).body.jobs.map((job: { id: string }) => job.id)).toEqual([second.job.id, first.job.id]);
    expect((await stranger.scrape.list()).body).toEqual({ jobs: [] });
  });

  it('lists the 50 most recent jobs', async () => {
    const { scrape } = await client(100);
    const ids: string[] = [];
    for (let n = 0; n < 51; n++) ids.push((await scrape.start([`nope ${n}`])).body.id);
    const listed = (await scrape.list()).body.jobs.map((job: { id: string }) => job.id);
    expect(listed).toHaveLength(50);
    expect(listed).toEqual(ids.slice(1).reverse());
    for (const id of ids) await scrape.finished(id);
  });

  it('starts one job for a repeated Idempotency-Key and refuses the key for another body', async () => {
    const { scrape } = await client();
    const headers = { 'idempotency-key': 'scrape-once' };
    const first = await scrape.start(['not a domain', 'nor this'], headers);
    const again = await scrape.start(['not a domain', 'nor this'], headers);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    const conflict = await scrape.start(['something else'], headers);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await scrape.finished(first.body.id);
    expect((await scrape.list()).body.jobs).toHaveLength(1);
    expect(await scrape.balance()).toBe(300);
  });
});
