import {
  ConsoleScrapeQuote,
  ConsoleStartedScrape,
  errorBodySchema,
  MAX_SCRAPE_INPUTS,
  ScrapeJob,
  ScrapeResults,
} from '@lead-engine/contracts';
import { errorAnswerOf } from './support/error-answer';
import { startAiWebsites } from './support/ai-fixture';
import { expectConsoleGuards } from './support/console-guards';
import { consoleJobFinished, listedJob } from './support/console-job';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { accountFootprint, jobLedger } from './support/job-footprint';
import { htmlPage } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';
import { startJobPeople } from './support/start-job-people';

/** Pasted as a person would: a domain in capitals, a URL and an email of the same site, a site with no page, and junk. */
const PASTED = [
  'Good.example.test',
  'https://good.example.test/about',
  'mailto-ish ana@good.example.test',
  'nosite.example.test',
  'not a domain!',
];

describe('console: starting a scrape from the app (quote, start with the confirmed hold, who started it)', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  const harness = useHarness({
    label: 'console_scrape_start',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      websites.dns.set('*.example.test', ['127.0.0.1']);
      websites.sites.page(
        'good.example.test',
        htmlPage('Good Example', 'We make good examples for tests, every day of the week. '.repeat(5)),
      );
    },
    env: () => websites.env,
  });
  let accountId: string;
  let poorAccountId: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let poor: SignedInUser;
  let operator: SignedInUser;
  let twin: ScrapeClient;

  const quote = (user: SignedInUser, domains: unknown) =>
    user.client.json<ConsoleScrapeQuote>('POST', '/console/api/scrapes/quote', { body: { domains } });
  const start = (user: SignedInUser, domains: unknown, credits: number) =>
    user.client.json<ConsoleStartedScrape>('POST', '/console/api/scrapes', { body: { domains, credits } });
  const footprint = (account: string) => accountFootprint(harness, 'scrape', account);
  const ledgerOf = (jobId: string) => jobLedger(harness, 'scrape', jobId);
  const finished = (user: SignedInUser, id: string) => consoleJobFinished<ScrapeJob>(user, 'scrape', id);
  const listed = (user: SignedInUser, id: string) => listedJob(user, 'scrape', id);

  beforeAll(async () => {
    const people = await startJobPeople(harness, 'Scraping account');
    ({ accountId, poorAccountId, owner, member, poor, operator } = people);
    twin = new ScrapeClient(harness.url, people.twinApiKey);
  });

  it('quotes the unique sites and exactly the hold /api/v1 takes for them, with the balance, and writes nothing', async () => {
    const before = await footprint(accountId);
    const quoted = await quote(owner, PASTED);
    expect(quoted).toMatchObject({ status: 200, body: { sites: 3, credits: 3, balance: before.balance } });
    expect(await footprint(accountId)).toEqual(before);

    // The same inputs started through the API on another account hold what the quote said, for as many sites.
    const viaApi = await twin.start(PASTED);
    expect(viaApi.status).toBe(202);
    expect({ sites: viaApi.body.total, credits: viaApi.body.credits_charged }).toEqual({
      sites: quoted.body.sites,
      credits: quoted.body.credits,
    });
    await twin.finished(viaApi.body.id);
  });

  it('starts a scrape holding the quoted credits through no key, naming the signed-in user on the hold, the refunds and the Jobs list', async () => {
    const before = await footprint(accountId);
    const { credits } = (await quote(owner, PASTED)).body;
    const started = await start(owner, PASTED, credits);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'queued', credits: 3, balance: expect.any(Number) });
    // Read after the commit; the job may already have refunded the 2 sites without text, in one row.
    expect([before.balance - 3, before.balance - 1]).toContain(started.body.balance);
    const hold = { kind: 'hold', amount: 3, api_key_id: null, user_id: owner.userId };
    const refund = { kind: 'refund', amount: 2, api_key_id: null, user_id: owner.userId };
    expect([[hold], [hold, refund]]).toContainEqual(await ledgerOf(started.body.id));

    const job = await finished(owner, started.body.id);
    expect(job).toMatchObject({ status: 'completed', total: 3, ok: 1, invalid: 1, credits_charged: 3, credits_refunded: 2 });
    const results = (await owner.client.json<ScrapeResults>('GET', `/console/api/scrapes/${job.id}/results`)).body;
    expect(Object.fromEntries(results.items.map((item) => [item.domain, item.status]))).toEqual({
      'good.example.test': 'ok',
      'nosite.example.test': expect.stringMatching(/^(no_content|blocked)$/),
      'not a domain!': 'invalid',
    });
    expect(await ledgerOf(job.id)).toEqual([hold, refund]);
    expect(await harness.query('SELECT api_key_id, user_id FROM scrape_jobs WHERE id = $1', [job.id])).toEqual([
      { api_key_id: null, user_id: owner.userId },
    ]);
    expect(await footprint(accountId)).toMatchObject({ balance: before.balance - 1, jobs: before.jobs + 1 });

    const item = await listed(member, job.id);
    expect(item).toMatchObject({
      type: 'scrape',
      status: 'completed',
      summary: '3 sites, 2 without text',
      credits: { held: 0, charged: 3, refunded: 2 },
      started_by: { key: null, user: { id: owner.userId, name: 'Olivia Owner' } },
    });
  });

  it('refuses a start whose credits are not the hold for these domains now with 409 QUOTE_MISMATCH, holding and writing nothing', async () => {
    const before = await footprint(accountId);
    for (const credits of [2, 4, 0]) {
      expect({ credits, ...errorAnswerOf(await start(owner, PASTED, credits)) }).toEqual({
        credits,
        status: 409,
        code: 'QUOTE_MISMATCH',
        message: 'The hold for these sites is now 3 credits; look again.',
      });
    }
    expect(await footprint(accountId)).toEqual(before);
  });

  it('refuses a start the balance cannot cover with 402 INSUFFICIENT_CREDITS, holding nothing', async () => {
    const before = await footprint(poorAccountId);
    const quoted = await quote(poor, PASTED);
    expect(quoted.body).toEqual({ sites: 3, credits: 3, balance: 2 });
    const refused = await start(poor, PASTED, quoted.body.credits);
    expect(errorAnswerOf(refused)).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(refused.body).toMatchObject({ required: 3, balance: 2 });
    expect(await footprint(poorAccountId)).toEqual(before);
  });

  it('lets a member start a scrape, recorded as theirs', async () => {
    const domains = ['good.example.test'];
    const quoted = await quote(member, domains);
    expect(quoted.body).toMatchObject({ sites: 1, credits: 1 });
    const started = await start(member, domains, quoted.body.credits);
    expect(started).toMatchObject({ status: 202, body: { status: 'queued', credits: 1 } });
    const job = await finished(member, started.body.id);
    expect(job).toMatchObject({ status: 'completed', ok: 1, credits_refunded: 0 });
    expect(await ledgerOf(job.id)).toEqual([{ kind: 'hold', amount: 1, api_key_id: null, user_id: member.userId }]);
    expect((await listed(owner, job.id))?.started_by).toEqual({ key: null, user: { id: member.userId, name: 'Max Member' } });
  });

  it('answers DOMAINS_REQUIRED and TOO_MANY_DOMAINS as /api/v1 does, and takes 50,000 long pasted domains', async () => {
    const before = await footprint(accountId);
    const tooMany = Array.from({ length: MAX_SCRAPE_INPUTS + 1 }, (_, index) => `site-${index}.example.test`);
    for (const [domains, code] of [
      [[], 'DOMAINS_REQUIRED'],
      [['  ', ''], 'DOMAINS_REQUIRED'],
      [undefined, 'DOMAINS_REQUIRED'],
      [tooMany, 'TOO_MANY_DOMAINS'],
    ] as const) {
      const viaApi = await twin.start(domains);
      const expected = { status: 400, code, message: errorBodySchema.parse(viaApi.body).message };
      expect({ inputs: domains?.length, status: viaApi.status, code: viaApi.body.code }).toEqual({
        inputs: domains?.length,
        status: 400,
        code,
      });
      const quoted = await owner.client.json('POST', '/console/api/scrapes/quote', { body: domains === undefined ? {} : { domains } });
      const started = await owner.client.json('POST', '/console/api/scrapes', {
        body: domains === undefined ? { credits: 1 } : { domains, credits: 1 },
      });
      expect({ inputs: domains?.length, quote: errorAnswerOf(quoted), start: errorAnswerOf(started) }).toEqual({
        inputs: domains?.length,
        quote: expected,
        start: expected,
      });
    }

    // 50,000 pasted domains of about 40 characters (some 2 MB of JSON) fit the console's body limit.
    const most = Array.from({ length: MAX_SCRAPE_INPUTS }, (_, index) => `a-long-pasted-site-number-${index}.example.test`);
    expect(JSON.stringify({ domains: most }).length).toBeGreaterThan(2_000_000);
    const quoted = await quote(owner, most);
    expect(quoted).toMatchObject({ status: 200, body: { sites: MAX_SCRAPE_INPUTS, credits: MAX_SCRAPE_INPUTS } });
    const mismatched = await start(owner, most, MAX_SCRAPE_INPUTS - 1);
    expect(errorAnswerOf(mismatched)).toMatchObject({ status: 409, code: 'QUOTE_MISMATCH' });
    expect(await footprint(accountId)).toEqual(before);
  });

  it('guards both: no session 401, no account 403, another origin 403, a form body 4xx, and none of them holds anything', async () => {
    const before = await footprint(accountId);
    await expectConsoleGuards(
      owner.client,
      [
        { method: 'POST', path: '/console/api/scrapes/quote', body: { domains: ['good.example.test'] } },
        { method: 'POST', path: '/console/api/scrapes', body: { domains: ['good.example.test'], credits: 1 } },
      ],
      { noAccount: operator.client },
    );
    expect(await footprint(accountId)).toEqual(before);
  });
});
