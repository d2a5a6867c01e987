import {
  ConsoleExportQuote,
  ConsoleJob,
  ConsoleJobPage,
  ConsoleStartedExport,
  CreatedApiKey,
  EnrichmentJobStatus,
  ExportJob,
  ScrapeJob,
} from '@lead-engine/contracts';
import { errorResponseOf } from './support/error-answer';
import { expectConsoleGuards } from './support/console-guards';
import { SignedInUser } from './support/console-session';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { ENRICHMENT_CSV, JobsFixture, UNKNOWN_ID } from './support/jobs-fixture';
import { htmlPage } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';
import { until } from './support/until';

describe('console: the Jobs page over HTTP (list, paging, filters, scrape and enrichment details)', () => {
  const fixture = new JobsFixture(htmlPage('Slow', 'Eventually some text about slow things. '.repeat(20)));
  const harness = useHarness({
    label: 'console_jobs',
    prepare: (harness) => fixture.start(harness),
    env: () => fixture.env,
  });
  let accountId: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let beta: SignedInUser;
  let operator: SignedInUser;
  let key: CreatedApiKey;
  let apiExport: ExportJob;
  let appExport: ExportJob;
  let scrape: ScrapeJob;
  let enrichment: EnrichmentJobStatus;
  let slowScrapeId: string;

  const api = (method: string, path: string, body?: unknown) => http(harness.url, method, `/api/v1${path}`, { apiKey: key.key, body });
  const list = async (user: SignedInUser, query = '') => {
    const page = await user.client.json<ConsoleJobPage>('GET', `/console/api/jobs${query}`);
    expect(page.status).toBe(200);
    return page.body;
  };
  const exportDone = (id: string) =>
    until(`export ${id} completed`, async () => {
      const job = (await api('GET', `/leads/exports/${id}`)).body as ExportJob;
      return job.status === 'completed' ? job : undefined;
    });
  /** Credits charged (spends and holds) and refunded per ledger reference of the account. */
  const ledgerCredits = async () =>
    new Map(
      (
        await harness.query<{ reference: string; charged: number; refunded: number }>(
          `SELECT reference,
                  COALESCE(sum(amount) FILTER (WHERE kind IN ('spend', 'hold')), 0)::int AS charged,
                  COALESCE(sum(amount) FILTER (WHERE kind = 'refund'), 0)::int AS refunded
           FROM credit_ledger WHERE account_id = $1 AND reference IS NOT NULL GROUP BY reference`,
          [accountId],
        )
      ).map((row) => [row.reference, { charged: row.charged, refunded: row.refunded }]),
    );

  beforeAll(async () => {
    fixture.releaseOnClose(harness);
    ({ accountId } = await harness.createAccount('Jobs account', 1000));
    const other = await harness.createAccount('Other account', 50);
    [owner, member, beta, operator] = await Promise.all([
      harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' }),
      harness.signIn({ accountId, role: 'member', name: 'Max Member' }),
      harness.signIn({ accountId: other.accountId, role: 'owner', name: 'Bea Beta' }),
      harness.signIn({ operator: true, name: 'Opal Operator' }),
    ]);
    key = (await owner.client.json<CreatedApiKey>('POST', '/console/api/keys', { body: { name: 'Jobs key' } })).body;

    // Oldest first: an export through the key, an export the member starts in the app, a scrape of a site
    // with text and one without, an enrichment, and a scrape left running on a site that does not answer yet.
    const started = await api('POST', '/leads/exports', { limit: 2 });
    expect(started.status).toBe(202);
    apiExport = await exportDone(started.body.job_id);

    const quote = await member.client.json<ConsoleExportQuote>('POST', '/console/api/leads/exports/quote', { body: { limit: 3 } });
    expect(quote.status).toBe(200);
    const appStarted = await member.client.json<ConsoleStartedExport>('POST', '/console/api/leads/exports', {
      body: { limit: 3, quote_id: quote.body.quote_id },
    });
    expect(appStarted.status).toBe(202);
    appExport = await exportDone(appStarted.body.id);

    const scrapes = new ScrapeClient(harness.url, key.key);
    const scraped = await scrapes.start(['clinicsoft.ai.test', 'empty.ai.test']);
    expect(scraped.status).toBe(202);
    scrape = await scrapes.finished(scraped.body.id);

    const enrichments = new EnrichmentClient(harness.url, key.key);
    const uploaded = await enrichments.upload(
      ENRICHMENT_CSV,
      { fields: 'opener,icp', target_icp: 'VPs of Engineering' },
      { filename: 'prospects.csv' },
    );
    expect(uploaded.status).toBe(202);
    enrichment = await enrichments.finished(uploaded.body.id);

    const slow = await scrapes.start(['slow.ai.test']);
    expect(slow.status).toBe(202);
    slowScrapeId = slow.body.id;
    await until('the slow scrape running', async () => ((await scrapes.status(slowScrapeId)).body.status === 'running' ? true : undefined));

    // Another account's job, which the first account's list never shows.
    const betaExport = await http(harness.url, 'POST', '/api/v1/leads/exports', { apiKey: other.apiKey, body: { limit: 1 } });
    expect(betaExport.status).toBe(202);
  });

  it('lists every job of the account newest first with its progress, words, credits as the ledger has them, who started it and a download that downloads', async () => {
    expect([scrape.status, scrape.ok, scrape.credits_charged, scrape.credits_refunded]).toEqual(['completed', 1, 2, 1]);
    expect([enrichment.status, enrichment.credits_charged]).toEqual(['completed', 4]);
    const byKey = { key: { id: key.id, name: 'Jobs key' }, user: { id: owner.userId, name: 'Olivia Owner' } };
    const page = await list(owner);
    expect(page.next_cursor).toBeNull();
    const slowStatus = (await api('GET', `/scrape/jobs/${slowScrapeId}`)).body as ScrapeJob;
    expect(page.items).toEqual<ConsoleJob[]>([
      {
        type: 'scrape',
        id: slowScrapeId,
        status: 'running',
        progress: 0,
        summary: '1 site',
        credits: { held: 1, charged: 1, refunded: 0 },
        started_by: byKey,
        created_at: slowStatus.created_at,
        completed_at: null,
        download: null,
      },
      {
        type: 'enrichment',
        id: enrichment.id,
        status: 'completed',
        progress: 100,
        summary: 'prospects.csv: 2 rows × 2 fields',
        credits: { held: 0, charged: 4, refunded: enrichment.credits_refunded },
        started_by: byKey,
        created_at: enrichment.created_at,
        completed_at: expect.any(String),
        download: `/console/api/enrichments/${enrichment.id}/csv`,
      },
      {
        type: 'scrape',
        id: scrape.id,
        status: 'completed',
        progress: 100,
        summary: '2 sites, 1 without text',
        credits: { held: 0, charged: 2, refunded: 1 },
        started_by: byKey,
        created_at: scrape.created_at,
        completed_at: scrape.completed_at,
        download: null,
      },
      {
        type: 'export',
        id: appExport.id,
        status: 'completed',
        progress: 100,
        summary: '3 of 3 rows',
        credits: { held: 0, charged: 3, refunded: 0 },
        started_by: { key: null, user: { id: member.userId, name: 'Max Member' } },
        created_at: appExport.createdAt,
        completed_at: appExport.completedAt,
        download: `/console/api/exports/${appExport.id}/csv`,
      },
      {
        type: 'export',
        id: apiExport.id,
        status: 'completed',
        progress: 100,
        summary: '2 of 2 rows',
        credits: { held: 0, charged: 2, refunded: 0 },
        started_by: byKey,
        created_at: apiExport.createdAt,
        completed_at: apiExport.completedAt,
        download: `/console/api/exports/${apiExport.id}/csv`,
      },
    ]);
    const [{ completed_at: enrichedAt }] = await harness.query('SELECT completed_at FROM enrichment_jobs WHERE id = $1', [enrichment.id]);
    expect(page.items[1].completed_at).toBe(enrichedAt.toISOString());

    // Credits exactly as the ledger has them, per reference.
    const ledger = await ledgerCredits();
    expect(page.items.map((item) => ({ id: item.id, charged: item.credits.charged, refunded: item.credits.refunded }))).toEqual(
      page.items.map((item) => ({ id: item.id, ...ledger.get(`${item.type}:${item.id}`) })),
    );

    // Every download path downloads what /api/v1 gives for the same job.
    for (const item of page.items.filter((job) => job.download)) {
      const file = await owner.client.request('GET', item.download!);
      const twin =
        item.type === 'export' ? await api('GET', `/leads/exports/${item.id}/csv`) : await api('GET', `/enrich-csv/jobs/${item.id}/csv`);
      expect({ download: item.download, status: file.status, type: file.headers.get('content-type'), text: await file.text() }).toEqual({
        download: item.download,
        status: 200,
        type: 'text/csv; charset=utf-8',
        text: twin.text,
      });
    }

    // A member sees the same list; the other account sees only its own export.
    expect(await list(member)).toEqual(page);
    const betaPage = await list(beta);
    expect(betaPage.items.map((item) => [item.type, item.summary, item.started_by.key?.name])).toEqual([
      ['export', expect.stringMatching(/ of 1 row$|^up to 1 row$/), expect.any(String)],
    ]);
  });

  it('pages through every job with limit=1 and next_cursor, no duplicates or gaps, and filters by type and status', async () => {
    const whole = (await list(owner)).items;
    expect(whole).toHaveLength(5);
    for (const limit of [1, 2]) {
      const walked: ConsoleJob[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await list(owner, query);
        expect(page.items.length).toBeGreaterThan(0);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        walked.push(...page.items);
        cursor = page.next_cursor;
        pages++;
      } while (cursor !== null);
      expect({ limit, pages, ids: walked.map((item) => item.id) }).toEqual({
        limit,
        pages: Math.ceil(whole.length / limit),
        ids: whole.map((item) => item.id),
      });
      expect(walked).toEqual(whole);
    }

    const ids = async (query: string) => (await list(owner, query)).items.map((item) => item.id);
    expect(await ids('?type=export')).toEqual([appExport.id, apiExport.id]);
    expect(await ids('?type=scrape')).toEqual([slowScrapeId, scrape.id]);
    expect(await ids('?type=enrichment')).toEqual([enrichment.id]);
    expect(await ids('?status=running')).toEqual([slowScrapeId]);
    expect(await ids('?status=completed')).toEqual([enrichment.id, scrape.id, appExport.id, apiExport.id]);
    expect(await ids('?status=failed')).toEqual([]);
    expect(await ids('?type=scrape&status=completed')).toEqual([scrape.id]);
    expect(await ids('?type=export&status=queued')).toEqual([]);

    // Paging keeps the filter: the completed jobs one at a time.
    const first = await list(owner, '?status=completed&limit=1');
    const second = await list(owner, `?status=completed&limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect([first.items[0].id, second.items[0].id]).toEqual([enrichment.id, scrape.id]);

    for (const query of ['?type=invoice', '?status=pending', '?limit=0', '?limit=101', '?cursor=not-a-cursor', '?colour=blue']) {
      const refused = await owner.client.request('GET', `/console/api/jobs${query}`);
      expect({ query, ...(await errorResponseOf(refused)), message: undefined }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_ERROR',
        message: undefined,
      });
    }
  });

  it('shows a scrape, its results and an enrichment and its CSV exactly as /api/v1 does', async () => {
    for (const user of [owner, member]) {
      for (const [path, twin] of [
        [`/console/api/scrapes/${scrape.id}`, `/scrape/jobs/${scrape.id}`],
        [`/console/api/scrapes/${scrape.id}/results`, `/scrape/jobs/${scrape.id}/results`],
        [`/console/api/scrapes/${scrape.id}/results?limit=1&offset=1`, `/scrape/jobs/${scrape.id}/results?limit=1&offset=1`],
        [`/console/api/scrapes/${scrape.id}/results?status=ok`, `/scrape/jobs/${scrape.id}/results?status=ok`],
        [`/console/api/enrichments/${enrichment.id}`, `/enrich-csv/jobs/${enrichment.id}`],
      ]) {
        const shown = await user.client.json('GET', path);
        expect({ path, status: shown.status, body: shown.body }).toEqual({ path, status: 200, body: (await api('GET', twin)).body });
      }
    }
    const results = (await owner.client.json('GET', `/console/api/scrapes/${scrape.id}/results`)).body;
    expect(results.items.map((item: { domain: string; status: string }) => [item.domain, item.status])).toEqual([
      ['clinicsoft.ai.test', 'ok'],
      ['empty.ai.test', expect.stringMatching(/^(no_content|blocked)$/)],
    ]);

    const file = await member.client.request('GET', `/console/api/enrichments/${enrichment.id}/csv`);
    const twin = await api('GET', `/enrich-csv/jobs/${enrichment.id}/csv`);
    expect([file.status, file.headers.get('content-disposition'), file.headers.get('x-total-rows'), await file.text()]).toEqual([
      200,
      'attachment; filename="prospects-enriched.csv"',
      '2',
      twin.text,
    ]);
    expect(twin.text.split('\r\n')[0]).toContain('opener');

    // A running scrape's results page points on at where the next finished site will be.
    const running = await owner.client.json('GET', `/console/api/scrapes/${slowScrapeId}/results`);
    expect(running.body).toEqual((await api('GET', `/scrape/jobs/${slowScrapeId}/results`)).body);
    expect(running.body).toMatchObject({ status: 'running', items: [], next_offset: 0 });
  });

  it("answers another account's, an unknown and a malformed id alike with 404 JOB_NOT_FOUND on every job endpoint", async () => {
    const endpoints = [
      (id: string) => `/console/api/scrapes/${id}`,
      (id: string) => `/console/api/scrapes/${id}/results`,
      (id: string) => `/console/api/enrichments/${id}`,
      (id: string) => `/console/api/enrichments/${id}/csv`,
    ];
    const ownIds = [scrape.id, scrape.id, enrichment.id, enrichment.id];
    for (const [index, pathOf] of endpoints.entries()) {
      const answers = [];
      for (const [user, id] of [
        [beta, ownIds[index]],
        [owner, UNKNOWN_ID],
        [owner, 'not-a-job'],
        [owner, enrichment.id === ownIds[index] ? scrape.id : enrichment.id],
      ] as const) {
        const refused = await errorResponseOf(await user.client.request('GET', pathOf(id)));
        answers.push({ ...refused, message: refused.message?.replace(id, '<id>') });
      }
      expect({ endpoint: pathOf(':id'), answers }).toEqual({
        endpoint: pathOf(':id'),
        answers: Array(4).fill({ status: 404, code: 'JOB_NOT_FOUND', message: answers[0].message }),
      });
    }
    // /api/v1 keeps its own answer to a malformed enrichment id.
    expect((await api('GET', '/enrich-csv/jobs/not-a-job')).body.code).toBe('BAD_ID');
  });

  it('guards every Jobs endpoint: no session 401, no account 403', async () => {
    await expectConsoleGuards(
      owner.client,
      [
        { method: 'GET', path: '/console/api/jobs' },
        { method: 'GET', path: `/console/api/scrapes/${scrape.id}` },
        { method: 'GET', path: `/console/api/scrapes/${scrape.id}/results` },
        { method: 'GET', path: `/console/api/enrichments/${enrichment.id}` },
        { method: 'GET', path: `/console/api/enrichments/${enrichment.id}/csv` },
      ],
      { noAccount: operator.client },
    );
  });

  it('shows a running scrape holding its credits, then settled with its refund once its site answers', async () => {
    const before = (await list(owner, '?type=scrape&limit=1')).items[0];
    expect([before.id, before.status, before.credits]).toEqual([slowScrapeId, 'running', { held: 1, charged: 1, refunded: 0 }]);
    fixture.releaseSlowSite();
    const after = await until('the slow scrape listed completed', async () => {
      const [item] = (await list(owner, '?type=scrape&limit=1')).items;
      return item.status === 'completed' ? item : undefined;
    });
    expect(after).toEqual({
      ...before,
      status: 'completed',
      progress: 100,
      credits: { held: 0, charged: 1, refunded: 0 },
      completed_at: (await api('GET', `/scrape/jobs/${slowScrapeId}`)).body.completed_at,
    });
    expect((await ledgerCredits()).get(`scrape:${slowScrapeId}`)).toEqual({ charged: 1, refunded: 0 });
  });
});
