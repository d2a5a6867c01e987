import { EngineProcess } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { impatientClient, noisyLines } from './support/outage-client';
import { OwnRedis } from './support/own-redis';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const REDIS_LINE = /redis/i;

describe('Redis lost under a serving engine, and back', () => {
  let redis: OwnRedis;
  const harness = useHarness({
    label: 'redis_outage',
    engine: 'process',
    prepare: async (harness) => {
      redis = await OwnRedis.start();
      harness.closeAfterAll(() => redis.kill());
      harness.environment.env.REDIS_URL = redis.url;
      await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
    },
    env: { SCRAPE_RESPECT_ROBOTS: 'false' },
  });
  let engine: EngineProcess;
  let apiKey: string;

  beforeAll(async () => {
    engine = harness.process;
    ({ apiKey } = await harness.createAccount('Through the outage', 1_000));
  });

  it('answers every endpoint within 2 s, starts jobs it announces, says so once in the log, and finishes the jobs after', async () => {
    const timed = impatientClient(engine.url, apiKey);
    const browsed = await http(engine.url, 'POST', '/api/v1/leads/browse', { apiKey, body: { limit: 3 } });
    const leadId = browsed.body.leads[0].id;
    const before = await http(engine.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { limit: 2 } });
    expect(before.status).toBe(202);

    // Taken first: the engine may say the loss before kill() returns.
    const logBefore = engine.output().length;
    await redis.kill();
    const calls = [
      await timed('health', 'GET', '/health'),
      await timed('credits', 'GET', '/api/v1/credits'),
      await timed('count', 'POST', '/api/v1/leads/search', {}),
      await timed('browse', 'POST', '/api/v1/leads/browse', { limit: 3 }),
      await timed('filters', 'GET', '/api/v1/leads/filters?field=industry'),
      await timed('reveal', 'POST', '/api/v1/leads/reveal', { leadIds: [leadId] }),
      await timed('export status', 'GET', `/api/v1/leads/exports/${before.body.job_id}`),
      await timed('exports', 'GET', '/api/v1/leads/exports'),
      await timed('start export', 'POST', '/api/v1/leads/exports', { limit: 3 }, { 'idempotency-key': 'during-the-outage' }),
      await timed('start scrape', 'POST', '/api/v1/scrape/jobs', { domains: ['nothing-here.invalid'] }),
      await timed('scrapes', 'GET', '/api/v1/scrape/jobs'),
      await timed('enrichments', 'GET', '/api/v1/enrich-csv/jobs'),
    ];
    // A second round: the first may have been what noticed the loss.
    calls.push(
      await timed('credits again', 'GET', '/api/v1/credits'),
      await timed('count again', 'POST', '/api/v1/leads/search', {}),
      // The client whose first answer was lost retries with the same key: the same job, not a second one.
      await timed('start export again', 'POST', '/api/v1/leads/exports', { limit: 3 }, { 'idempotency-key': 'during-the-outage' }),
    );

    expect(calls.map(({ call, status }) => [call, status])).toEqual([
      ['health', 200],
      ['credits', 200],
      ['count', 200],
      ['browse', 200],
      ['filters', 200],
      ['reveal', 200],
      ['export status', 200],
      ['exports', 200],
      ['start export', 202],
      ['start scrape', 202],
      ['scrapes', 200],
      ['enrichments', 200],
      ['credits again', 200],
      ['count again', 200],
      ['start export again', 202],
    ]);
    expect(calls[14].body).toEqual(calls[8].body);
    const ready = await timed('ready', 'GET', '/ready');
    expect([ready.status, ready.body]).toEqual([
      503,
      expect.objectContaining({
        code: 'NOT_READY',
        message: 'Redis does not answer',
        checks: expect.objectContaining({ postgres: 'up', redis: 'down' }),
      }),
    ]);
    const health = calls[0].body;
    expect(health).toMatchObject({ status: 'degraded', redis: 'down', postgres: 'up' });

    // Every job the engine holds is one a client was told about.
    const startedExport = calls[8].body.job_id;
    const startedScrape = calls[9].body.id ?? calls[9].body.job_id;
    const listing = await timed('exports after', 'GET', '/api/v1/leads/exports');
    const listed = listing.body.exports.map((job: { id: string }) => job.id).sort();
    expect(listed).toEqual([before.body.job_id, startedExport].sort());

    // A contact changed while no announcement can reach the engine: it answers as before until Redis is back.
    const lostAnnouncement = { jobTitles: ['Keeper of Lost Announcements'] };
    await harness.query('UPDATE contacts SET job_title = $1 WHERE seq = (SELECT min(seq) FROM contacts)', lostAnnouncement.jobTitles);
    expect((await timed('count the changed title', 'POST', '/api/v1/leads/search', lostAnnouncement)).body.estimated_total).toBe(0);

    const outageLog = engine.output().slice(logBefore);
    expect(outageLog.split('\n').filter((line) => REDIS_LINE.test(line))).toHaveLength(1);
    expect(noisyLines(outageLog)).toEqual([expect.stringContaining('"msg":"Redis lost')]);

    await redis.restart();
    for (const [path, id] of [
      ['/api/v1/leads/exports', before.body.job_id],
      ['/api/v1/leads/exports', startedExport],
      ['/api/v1/scrape/jobs', startedScrape],
    ]) {
      await until(
        `${path}/${id} to finish after Redis is back`,
        async () => {
          const status = await http(engine.url, 'GET', `${path}/${id}`, { apiKey });
          return ['completed', 'failed'].includes(status.body.status) ? status.body : undefined;
        },
        () => engine.output().slice(logBefore),
        90_000,
      );
    }
    // Once Redis is back the engine reads what changed meanwhile, announced or not.
    await until(
      'the contact changed during the outage to be counted',
      async () =>
        (await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: lostAnnouncement })).body.estimated_total === 1
          ? true
          : undefined,
      () => engine.output().slice(logBefore),
      30_000,
    );
    const backLog = engine.output().slice(logBefore);
    expect(backLog).toMatch(/"msg":"Redis back/);
    expect(backLog.split('\n').filter((line) => REDIS_LINE.test(line))).toHaveLength(2);
    expect(noisyLines(backLog)).toEqual([expect.stringContaining('"msg":"Redis lost')]);
    expect((await http(engine.url, 'GET', '/ready')).status).toBe(200);

    const exports = await Promise.all(
      [before.body.job_id, startedExport].map(
        async (id) => (await http(engine.url, 'GET', `/api/v1/leads/exports/${id}`, { apiKey })).body,
      ),
    );
    expect(exports.map((job) => job.status)).toEqual(['completed', 'completed']);
    const scrape = (await http(engine.url, 'GET', `/api/v1/scrape/jobs/${startedScrape}`, { apiKey })).body;
    const charged =
      calls[5].body.credits_charged +
      exports[0].creditsCharged +
      exports[1].creditsCharged +
      scrape.credits_charged -
      scrape.credits_refunded;
    expect((await http(engine.url, 'GET', '/api/v1/credits', { apiKey })).body.balance).toBe(1_000 - charged);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  }, 360_000);
});
