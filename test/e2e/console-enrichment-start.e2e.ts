import { ConsoleEnrichmentQuote, ConsoleStartedEnrichment, EnrichmentJobStatus } from '@lead-engine/contracts';
import { parse } from 'csv-parse/sync';
import { request as httpRequest } from 'node:http';
import { errorAnswerOf } from './support/error-answer';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { expectConsoleGuards } from './support/console-guards';
import { consoleJobFinished, listedJob } from './support/console-job';
import { SignedInUser } from './support/console-session';
import { EnrichmentClient, UploadForm } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { accountFootprint, jobLedger } from './support/job-footprint';
import { seedLeads } from './support/seed-leads';
import { startJobPeople } from './support/start-job-people';

/** Three readable sites; "opener" twice, as a person might pick it twice, priced once. */
const CSV = 'website\nclinicsoft.ai.test\nharbor-freight.ai.test\nfoodbank.ai.test\n';
const FORM: UploadForm = { fields: 'opener, custom_ps_line,full_email,opener', seller_offer: 'an AI assistant that books meetings' };
const OK = 'website,email\nclinicsoft.ai.test,\n';

describe('console: starting an enrichment from the app (quote, start with the confirmed hold, who started it)', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  const harness = useHarness({
    label: 'console_enrichment_start',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => websites.env,
  });
  let accountId: string;
  let poorAccountId: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let poor: SignedInUser;
  let operator: SignedInUser;
  let twin: EnrichmentClient;

  const formOf = (csv: string | null, form: UploadForm, extra: Record<string, string> = {}) => {
    const body = new FormData();
    if (csv !== null) body.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
    for (const [name, value] of Object.entries({ ...form, ...extra })) if (value !== undefined) body.append(name, value);
    return body;
  };
  const quote = (user: SignedInUser, csv: string | null, form: UploadForm) =>
    user.client.json<ConsoleEnrichmentQuote>('POST', '/console/api/enrichments/quote', { form: formOf(csv, form) });
  const start = (user: SignedInUser, csv: string | null, form: UploadForm, credits: number | string) =>
    user.client.json<ConsoleStartedEnrichment>('POST', '/console/api/enrichments', {
      form: formOf(csv, form, { credits: String(credits) }),
    });
  const footprint = (account: string) => accountFootprint(harness, 'enrichment', account);
  const ledgerOf = (jobId: string) => jobLedger(harness, 'enrichment', jobId);
  const finished = (user: SignedInUser, id: string) => consoleJobFinished<EnrichmentJobStatus>(user, 'enrichment', id);
  const listed = (user: SignedInUser, id: string) => listedJob(user, 'enrichment', id);
  /** The status a signed-out upload is answered with while its body is still being sent (never finished). */
  const answerBeforeBody = (path: string) =>
    new Promise<number | undefined>((resolve) => {
      const sending = httpRequest(`${harness.url}${path}`, {
        method: 'POST',
        headers: { origin: harness.url, 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' },
      });
      sending.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
        sending.destroy();
      });
      sending.on('error', () => undefined);
      sending.write('--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nwebsite\n');
    });

  beforeAll(async () => {
    const people = await startJobPeople(harness, 'Enriching account');
    ({ accountId, poorAccountId, owner, member, poor, operator } = people);
    twin = new EnrichmentClient(harness.url, people.twinApiKey);
  });

  it('quotes the rows, each field once with its price and exactly the hold /api/v1 takes, with the balance, and writes nothing', async () => {
    const before = await footprint(accountId);
    const quoted = await quote(owner, CSV, FORM);
    expect(quoted).toMatchObject({
      status: 200,
      body: {
        rows: 3,
        fields: [
          { id: 'opener', credits_per_row: 1 },
          { id: 'custom_ps_line', credits_per_row: 2 },
          { id: 'full_email', credits_per_row: 0 },
        ],
        credits: 9,
        balance: before.balance,
      },
    });
    expect(await footprint(accountId)).toEqual(before);

    // The same file and fields started through the API on another account hold what the quote said.
    const viaApi = await twin.upload(CSV, FORM);
    expect(viaApi.status).toBe(202);
    expect({ rows: viaApi.body.total_rows, fields: viaApi.body.fields, credits: viaApi.body.credits_charged }).toEqual({
      rows: quoted.body.rows,
      fields: quoted.body.fields.map((field) => field.id),
      credits: quoted.body.credits,
    });
    await twin.finished(viaApi.body.id);
  });

  it('starts an enrichment holding the quoted credits through no key, naming the signed-in user on the job, the hold and the Jobs list', async () => {
    const before = await footprint(accountId);
    const { credits } = (await quote(owner, CSV, FORM)).body;
    const started = await start(owner, CSV, FORM, credits);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'queued', credits: 9, balance: before.balance - 9 });
    expect(await ledgerOf(started.body.id)).toEqual([{ kind: 'hold', amount: 9, api_key_id: null, user_id: owner.userId }]);
    expect(await harness.query('SELECT api_key_id, user_id FROM enrichment_jobs WHERE id = $1', [started.body.id])).toEqual([
      { api_key_id: null, user_id: owner.userId },
    ]);

    const job = await finished(owner, started.body.id);
    expect(job).toMatchObject({
      status: 'completed',
      total_rows: 3,
      fields: ['opener', 'custom_ps_line', 'full_email'],
      seller_offer_set: true,
      credits_charged: 9,
      credits_refunded: 0,
    });
    expect(await ledgerOf(job.id)).toEqual([{ kind: 'hold', amount: 9, api_key_id: null, user_id: owner.userId }]);
    expect(await footprint(accountId)).toMatchObject({ balance: before.balance - 9, jobs: before.jobs + 1, rows: before.rows + 3 });

    const download = await member.client.request('GET', `/console/api/enrichments/${job.id}/csv`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = parse(await download.text(), { columns: true }) as Array<Record<string, string>>;
    expect(records.map((row) => row.website)).toEqual(['clinicsoft.ai.test', 'harbor-freight.ai.test', 'foodbank.ai.test']);
    for (const row of records) expect([row.opener, row.custom_ps_line, row.full_email].every((cell) => cell !== '')).toBe(true);

    expect(await listed(member, job.id)).toMatchObject({
      type: 'enrichment',
      status: 'completed',
      credits: { held: 0, charged: 9, refunded: 0 },
      started_by: { key: null, user: { id: owner.userId, name: 'Olivia Owner' } },
    });
  });

  it('lets a member start an enrichment, recorded as theirs, with the empty cells refunded to their name', async () => {
    const csv = 'Domain\nclinicsoft.ai.test\nblocked.ai.test\n';
    const form = { fields: 'opener,custom_two_liner' };
    const quoted = await quote(member, csv, form);
    expect(quoted.body).toMatchObject({ rows: 2, credits: 6 });
    const started = await start(member, csv, form, quoted.body.credits);
    expect(started).toMatchObject({ status: 202, body: { status: 'queued', credits: 6 } });
    const job = await finished(member, started.body.id);
    expect(job).toMatchObject({ status: 'completed', credits_charged: 6, credits_refunded: 3 });
    expect(await ledgerOf(job.id)).toEqual([
      { kind: 'hold', amount: 6, api_key_id: null, user_id: member.userId },
      { kind: 'refund', amount: 3, api_key_id: null, user_id: member.userId },
    ]);
    expect((await listed(owner, job.id))?.started_by).toEqual({ key: null, user: { id: member.userId, name: 'Max Member' } });
  });

  it('refuses a start whose credits are not the hold for this file and these fields with 409 QUOTE_MISMATCH, holding and storing nothing', async () => {
    const before = await footprint(accountId);
    for (const credits of [8, 10, 0]) {
      expect({ credits, ...errorAnswerOf(await start(owner, CSV, FORM, credits)) }).toEqual({
        credits,
        status: 409,
        code: 'QUOTE_MISMATCH',
        message: 'The hold for this file and these fields is now 9 credits; look again.',
      });
    }
    const malformed = await start(owner, CSV, FORM, 'nine');
    expect(errorAnswerOf(malformed)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await footprint(accountId)).toEqual(before);
  });

  it('refuses a start the balance cannot cover with 402 INSUFFICIENT_CREDITS, holding nothing', async () => {
    const before = await footprint(poorAccountId);
    const quoted = await quote(poor, CSV, FORM);
    expect(quoted.body).toMatchObject({ rows: 3, credits: 9, balance: 2 });
    const refused = await start(poor, CSV, FORM, quoted.body.credits);
    expect(errorAnswerOf(refused)).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(refused.body).toMatchObject({ required: 9, balance: 2 });
    expect(await footprint(poorAccountId)).toEqual(before);
  });

  it('answers every invalid upload on both routes exactly as /api/v1 does, and neither holds nor stores anything', async () => {
    const before = await footprint(accountId);
    const tooManyRows = `website\n${'clinicsoft.ai.test\n'.repeat(10_001)}`;
    const tooBig = `website,notes\n${`clinicsoft.ai.test,${'x'.repeat(1000)}\n`.repeat(10_500)}`;
    expect(Buffer.byteLength(tooBig)).toBeGreaterThan(10 * 1024 * 1024);
    const cases: Array<[string, string | null, UploadForm]> = [
      ['INVALID_FIELDS', OK, { fields: 'opener,telepathy' }],
      ['INVALID_FIELDS', OK, { fields: ' , ' }],
      ['TARGET_ICP_REQUIRED', OK, { fields: 'icp_grading,opener' }],
      ['TARGET_ICP_REQUIRED', OK, { fields: 'icp_grading', target_icp: '   ' }],
      ['ROWS_MISSING_WEBSITE_OR_EMAIL', 'Name,Title\nAda,CTO\n', { fields: 'opener' }],
      ['INVALID_CSV', 'website\n"clinicsoft.ai.test\n', { fields: 'opener' }],
      ['INVALID_CSV', 'website,email\n', { fields: 'opener' }],
      ['VALIDATION_ERROR', null, { fields: 'opener' }],
      ['VALIDATION_ERROR', OK, { fields: 'opener', sellerOffer: 'typo' }],
      ['PAYLOAD_TOO_LARGE', tooManyRows, { fields: 'opener' }],
      ['PAYLOAD_TOO_LARGE', tooBig, { fields: 'opener' }],
    ];
    for (const [code, csv, form] of cases) {
      const viaApi = await twin.upload(csv, form);
      const expected = { code, status: viaApi.status, body: viaApi.body };
      expect({ code, status: viaApi.status, apiCode: viaApi.body.code }).toEqual({ code, status: expected.status, apiCode: code });
      const quoted = await quote(owner, csv, form);
      const started = await start(owner, csv, form, 1);
      expect({ code, quote: { status: quoted.status, body: quoted.body }, start: { status: started.status, body: started.body } }).toEqual({
        code,
        quote: { status: expected.status, body: expected.body },
        start: { status: expected.status, body: expected.body },
      });
    }
    expect(await footprint(accountId)).toEqual(before);
  });

  it('takes multipart only on these two routes: JSON and form bodies are refused here, multipart elsewhere', async () => {
    const before = await footprint(accountId);
    for (const path of ['/console/api/enrichments/quote', '/console/api/enrichments']) {
      const json = await owner.client.json('POST', path, { body: { fields: 'opener', credits: '1' } });
      expect({ path, ...errorAnswerOf(json) }).toMatchObject({ path, status: 400, code: 'VALIDATION_ERROR' });
      const urlencoded = await owner.client.json('POST', path, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'fields=opener&credits=1',
      });
      expect({ path, ...errorAnswerOf(urlencoded) }).toMatchObject({ path, status: 400, code: 'VALIDATION_ERROR' });
      // Signed out, an upload is refused before its file is read: the answer comes while the body is still on its way.
      expect({ path, status: await answerBeforeBody(path) }).toEqual({ path, status: 401 });
    }
    const savedSearch = new FormData();
    savedSearch.append('name', 'From a form');
    const elsewhere = await owner.client.json('POST', '/console/api/saved-searches', { form: savedSearch });
    expect(errorAnswerOf(elsewhere)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await harness.query('SELECT count(*)::int AS n FROM saved_searches WHERE account_id = $1', [accountId])).toEqual([{ n: 0 }]);
    expect(await footprint(accountId)).toEqual(before);
  });

  it('guards both: no session 401, no account 403, another origin 403, a form body 4xx, and none of them holds anything', async () => {
    const before = await footprint(accountId);
    await expectConsoleGuards(
      owner.client,
      [
        { method: 'POST', path: '/console/api/enrichments/quote', form: () => formOf(OK, { fields: 'opener' }) },
        { method: 'POST', path: '/console/api/enrichments', form: () => formOf(OK, { fields: 'opener' }, { credits: '1' }) },
      ],
      { noAccount: operator.client },
    );
    expect(await footprint(accountId)).toEqual(before);
  });
});
