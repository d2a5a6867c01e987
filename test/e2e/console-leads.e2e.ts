import {
  ConsoleExportQuote,
  ConsoleRevealQuote,
  ConsoleRevealResponse,
  ConsoleStartedExport,
  errorBodySchema,
  ExportJob,
  FILTER_FIELDS,
  UsagePage,
} from '@lead-engine/contracts';
import { errorResponseOf } from './support/error-answer';
import { expectConsoleGuards } from './support/console-guards';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

interface Account {
  accountId: string;
  apiKey: string;
  owner: SignedInUser;
}

describe('console: the Leads page over HTTP (count, browse, reveal, export)', () => {
  const harness = useHarness({
    label: 'console_leads',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let alpha: Account;
  let beta: Account;
  let member: SignedInUser;
  let operator: SignedInUser;

  const newAccount = async (name: string, credits: number): Promise<Account> => {
    const { accountId, apiKey } = await harness.createAccount(name, credits);
    const owner = await harness.signIn({ accountId, role: 'owner', name: `${name} owner` });
    return { accountId, apiKey, owner };
  };
  const api = (account: Account, method: string, path: string, body?: unknown) =>
    http(harness.url, method, `/api/v1${path}`, { apiKey: account.apiKey, body });
  const ledgerOf = (accountId: string) =>
    harness.query<{ kind: string; amount: number; reason: string; api_key_id: string | null; user_id: string | null }>(
      'SELECT kind, amount::int AS amount, reason, api_key_id, user_id FROM credit_ledger WHERE account_id = $1 ORDER BY id',
      [accountId],
    );
  const revealsOf = async (accountId: string) =>
    (await harness.query('SELECT contact_id::text AS id FROM reveals WHERE account_id = $1 ORDER BY 1', [accountId])).map((row) => row.id);
  const quoteReveal = async (user: SignedInUser, leadIds: string[]) => {
    const quoted = await user.client.json<ConsoleRevealQuote>('POST', '/console/api/leads/reveal/quote', { body: { leadIds } });
    expect(quoted.status).toBe(200);
    return quoted.body;
  };
  const reveal = (user: SignedInUser, leadIds: string[], quoteId?: string) =>
    user.client.json<ConsoleRevealResponse>('POST', '/console/api/leads/reveal', {
      body: quoteId === undefined ? { leadIds } : { leadIds, quote_id: quoteId },
    });
  const refusedReveal = async (user: SignedInUser, leadIds: string[], quoteId?: string) =>
    errorResponseOf(
      await user.client.request('POST', '/console/api/leads/reveal', {
        body: quoteId === undefined ? { leadIds } : { leadIds, quote_id: quoteId },
      }),
    );

  beforeAll(async () => {
    [alpha, beta, operator] = await Promise.all([
      newAccount('Alpha', 100),
      newAccount('Beta', 50),
      harness.signIn({ operator: true, name: 'Opal Operator' }),
    ]);
    member = await harness.signIn({ accountId: alpha.accountId, role: 'member', name: 'Max Member' });
  });

  it('answers filter values, counts and browse pages exactly as /api/v1 does for the same account, owner or member', async () => {
    // Something revealed first, so that browse (which leaves revealed leads out) is account-specific.
    expect((await api(alpha, 'POST', '/leads/reveal', { leadIds: [fixtureId(8)] })).body.credits_charged).toBe(1);
    for (const field of FILTER_FIELDS) {
      const listed = await member.client.json('GET', `/console/api/leads/filters?field=${field}`);
      expect({ field, status: listed.status, body: listed.body }).toEqual({
        field,
        status: 200,
        body: (await api(alpha, 'GET', `/leads/filters?field=${field}`)).body,
      });
    }
    const industries = (await alpha.owner.client.json('GET', '/console/api/leads/filters?field=industry')).body.values;
    expect(industries).toContainEqual({ value: 'Computer Software', count: '4' });

    const filterSets = [
      {},
      { industry: ['Computer Software'] },
      { seniority: ['C-Suite', 'Director'], country: 'US' },
      { companyType: ['government', 'education'] },
      { jobTitles: ['director', 'engineer'], includeKeywords: ['cloud', 'city'] },
      { industry: ['Underwater Basket Weaving'] },
    ];
    for (const filters of filterSets) {
      for (const user of [alpha.owner, member]) {
        const counted = await user.client.json('POST', '/console/api/leads/count', { body: filters });
        expect({ filters, status: counted.status, body: counted.body }).toEqual({
          filters,
          status: 200,
          body: (await api(alpha, 'POST', '/leads/search', filters)).body,
        });
        const page = { ...filters, limit: 3, page: 2 };
        const browsed = await user.client.json('POST', '/console/api/leads/browse', { body: page });
        expect({ filters, status: browsed.status, body: browsed.body }).toEqual({
          filters,
          status: 200,
          body: (await api(alpha, 'POST', '/leads/browse', page)).body,
        });
      }
    }
    const wholeAlpha = await alpha.owner.client.json('POST', '/console/api/leads/browse', { body: { limit: 100 } });
    const wholeBeta = await beta.owner.client.json('POST', '/console/api/leads/browse', { body: { limit: 100 } });
    expect([wholeAlpha.body.total, wholeBeta.body.total]).toEqual([7, 8]);
    expect(wholeAlpha.body.leads.map((lead: { id: string }) => lead.id)).not.toContain(fixtureId(8));

    for (const [path, body, wanted] of [
      ['/leads/count', { companyType: ['cooperative'] }, 'UNKNOWN_COMPANY_TYPE'],
      ['/leads/browse', { companyType: ['cooperative'] }, 'UNKNOWN_COMPANY_TYPE'],
      ['/leads/count', { companyType: ['public'] }, 'COMPANY_TYPE_NOT_AVAILABLE'],
      ['/leads/count', { colour: 'blue' }, 'VALIDATION_ERROR'],
    ] as const) {
      const refused = await alpha.owner.client.request('POST', `/console/api${path}`, { body });
      const twin = await api(alpha, 'POST', path === '/leads/count' ? '/leads/search' : path, body);
      const { status, code } = await errorResponseOf(refused);
      expect({ path, body, status, code }).toEqual({ path, body, status: twin.status, code: twin.body.code });
      expect(twin.body.code).toBe(wanted);
    }
    for (const query of ['', '?field=companyType', '?field=industry&more=1']) {
      const refused = await alpha.owner.client.request('GET', `/console/api/leads/filters${query}`);
      expect({ query, ...(await errorResponseOf(refused)) }).toMatchObject({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('reveals a quoted selection, charging each lead once whether revealed through the API or the app', async () => {
    const account = await newAccount('Revealer', 20);
    const viaApi = await api(account, 'POST', '/leads/reveal', { leadIds: [fixtureId(1)] });
    expect(viaApi.body.credits_charged).toBe(1);

    const selection = [fixtureId(1), fixtureId(2), fixtureId(3)];
    const quote = await quoteReveal(account.owner, selection);
    expect(quote).toEqual({
      new: 2,
      already_revealed: 1,
      not_found: [],
      credits: 2,
      balance: 19,
      quote_id: expect.any(String),
      expires_at: expect.any(String),
    });
    const revealed = await reveal(account.owner, selection, quote.quote_id);
    expect(revealed.status).toBe(200);
    expect(revealed.body).toMatchObject({ credits_charged: 2, new_reveals: 2, already_revealed: 1, not_found: [], balance: 17 });
    expect(revealed.body.revealed.map((lead) => [lead.id, lead.email])).toEqual([
      [fixtureId(1), 'zoe.smith@acme.io'],
      [fixtureId(2), 'ana@acme.io'],
      [fixtureId(3), 'bob.jones@acme.io'],
    ]);
    // A retry with the same quote answers the first result and charges nothing more.
    const retried = await reveal(account.owner, selection, quote.quote_id);
    expect(retried.body).toEqual(revealed.body);

    // Revealed in the app: free through the API, and the API's reveal free in the app.
    const apiAfter = await api(account, 'POST', '/leads/reveal', { leadIds: [fixtureId(2), fixtureId(3)] });
    expect(apiAfter.body).toMatchObject({ credits_charged: 0, already_revealed: 2 });
    const again = await quoteReveal(account.owner, [fixtureId(1), fixtureId(3)]);
    expect(again).toMatchObject({ new: 0, already_revealed: 2, credits: 0, balance: 17 });
    expect((await reveal(account.owner, [fixtureId(1), fixtureId(3)], again.quote_id)).body).toMatchObject({
      credits_charged: 0,
      balance: 17,
    });

    // A member pays from the same account.
    const colleague = await harness.signIn({ accountId: account.accountId, role: 'member' });
    const memberQuote = await quoteReveal(colleague, [fixtureId(4), fixtureId(3)]);
    expect(memberQuote).toMatchObject({ new: 1, already_revealed: 1, credits: 1, balance: 17 });
    expect((await reveal(colleague, [fixtureId(4), fixtureId(3)], memberQuote.quote_id)).body).toMatchObject({
      credits_charged: 1,
      balance: 16,
    });

    const [keyId] = (await harness.query('SELECT id FROM api_keys WHERE account_id = $1', [account.accountId])).map((row) => row.id);
    expect(await ledgerOf(account.accountId)).toEqual([
      { kind: 'grant', amount: 20, reason: expect.any(String), api_key_id: null, user_id: null },
      { kind: 'spend', amount: 1, reason: 'reveal', api_key_id: keyId, user_id: null },
      { kind: 'spend', amount: 2, reason: 'reveal', api_key_id: null, user_id: account.owner.userId },
      { kind: 'spend', amount: 1, reason: 'reveal', api_key_id: null, user_id: colleague.userId },
    ]);
    // The Usage page names who spent in the app, and its user filter finds those entries.
    const usage = await account.owner.client.json<UsagePage>('GET', `/console/api/usage?user=${colleague.userId}`);
    expect(usage.body.items.map((entry) => ({ amount: entry.amount, key: entry.key, user: entry.user }))).toEqual([
      { amount: 1, key: null, user: { id: colleague.userId, name: colleague.name } },
    ]);
    expect(await revealsOf(account.accountId)).toEqual([1, 2, 3, 4].map(fixtureId));
    expect((await api(account, 'GET', '/credits')).body.balance).toBe(16);
  });

  it('charges once when the same quote is confirmed three times at once', async () => {
    const account = await newAccount('Racer', 10);
    const selection = [fixtureId(5), fixtureId(6), fixtureId(7)];
    const quote = await quoteReveal(account.owner, selection);
    expect(quote).toMatchObject({ new: 3, credits: 3, balance: 10 });
    const answers = await Promise.all([1, 2, 3].map(() => reveal(account.owner, selection, quote.quote_id)));
    expect(answers.map((answer) => [answer.status, answer.body.credits_charged, answer.body.balance])).toEqual([
      [200, 3, 7],
      [200, 3, 7],
      [200, 3, 7],
    ]);
    expect((await ledgerOf(account.accountId)).filter((row) => row.kind === 'spend')).toEqual([
      { kind: 'spend', amount: 3, reason: 'reveal', api_key_id: null, user_id: account.owner.userId },
    ]);
  });

  it('refuses a reveal without its quote, with another selection’s, another account’s or an unknown quote, or beyond the balance', async () => {
    const poor = await newAccount('Poor', 2);
    const selection = [fixtureId(1), fixtureId(2), fixtureId(3)];

    expect(await refusedReveal(poor.owner, selection)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });

    const quote = await quoteReveal(poor.owner, selection);
    expect(quote).toMatchObject({ new: 3, credits: 3, balance: 2 });
    expect(await refusedReveal(poor.owner, selection.slice(0, 2), quote.quote_id)).toMatchObject({ status: 409, code: 'QUOTE_MISMATCH' });

    const betaQuote = await quoteReveal(beta.owner, selection);
    const unknownId = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';
    const notFound: Array<{ status: number; code: string; message: string | undefined }> = [];
    for (const quoteId of [betaQuote.quote_id, unknownId, 'not-a-quote']) {
      const refused = await refusedReveal(poor.owner, selection, quoteId);
      notFound.push({ ...refused, message: refused.message?.replace(quoteId, '<id>') });
    }
    expect(notFound).toEqual(Array(3).fill({ status: 404, code: 'QUOTE_NOT_FOUND', message: notFound[0].message }));

    expect(await refusedReveal(poor.owner, selection, quote.quote_id)).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(await ledgerOf(poor.accountId)).toEqual([
      { kind: 'grant', amount: 2, reason: expect.any(String), api_key_id: null, user_id: null },
    ]);
    expect(await revealsOf(poor.accountId)).toEqual([]);
    // Beta's quote is still Beta's: unpaid and payable by Beta alone.
    expect((await reveal(beta.owner, selection, betaQuote.quote_id)).body).toMatchObject({ credits_charged: 3, balance: 47 });
  });

  it('exports all matches: quote → start (202, once per quote) → poll → CSV, charged per row; other accounts see 404', async () => {
    const account = await newAccount('Exporter', 30);
    const request = { industry: ['Computer Software'], limit: 3 };
    const quoted = await account.owner.client.json<ConsoleExportQuote>('POST', '/console/api/leads/exports/quote', { body: request });
    expect([quoted.status, quoted.body]).toEqual([
      200,
      { new: 3, already_revealed: 0, credits: 3, balance: 30, quote_id: expect.any(String), expires_at: expect.any(String) },
    ]);

    const unquoted = await account.owner.client.request('POST', '/console/api/leads/exports', { body: request });
    expect(await errorResponseOf(unquoted)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const otherLimit = await account.owner.client.request('POST', '/console/api/leads/exports', {
      body: { ...request, limit: 4, quote_id: quoted.body.quote_id },
    });
    expect(await errorResponseOf(otherLimit)).toMatchObject({ status: 409, code: 'QUOTE_MISMATCH' });

    const confirmed = { ...request, quote_id: quoted.body.quote_id };
    const started = await account.owner.client.json<ConsoleStartedExport>('POST', '/console/api/leads/exports', { body: confirmed });
    expect([started.status, started.body]).toEqual([202, { id: expect.any(String), status: 'queued', requested_limit: 3 }]);
    const exportId = started.body.id;
    const retried = await account.owner.client.json<ConsoleStartedExport>('POST', '/console/api/leads/exports', { body: confirmed });
    expect([retried.status, retried.body.id, retried.body.requested_limit]).toEqual([202, exportId, 3]);

    const job = await until('the console export completed', async () => {
      const polled = await account.owner.client.json<ExportJob>('GET', `/console/api/exports/${exportId}`);
      expect(polled.status).toBe(200);
      return polled.body.status === 'completed' ? polled.body : undefined;
    });
    expect(job).toMatchObject({ id: exportId, requestedLimit: 3, deliveredRows: 3, creditsCharged: 3, progress: 100, downloadable: true });
    expect(job).toEqual((await api(account, 'GET', `/leads/exports/${exportId}`)).body);

    const file = await account.owner.client.request('GET', `/console/api/exports/${exportId}/csv`);
    const csv = await file.text();
    expect([file.status, file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      `attachment; filename="${job.filename}"`,
    ]);
    expect(csv).toBe((await api(account, 'GET', `/leads/exports/${exportId}/csv`)).text);
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 3);
    expect(lines.slice(1).every((line) => line.includes('acme.io'))).toBe(true);

    expect((await account.owner.client.json('GET', '/console/api/me')).body.account.balance).toBe(27);
    expect(await ledgerOf(account.accountId)).toEqual([
      { kind: 'grant', amount: 30, reason: expect.any(String), api_key_id: null, user_id: null },
      { kind: 'spend', amount: 3, reason: 'export', api_key_id: null, user_id: account.owner.userId },
    ]);
    const [row] = await harness.query('SELECT api_key_id, user_id FROM exports WHERE id = $1', [exportId]);
    expect(row).toEqual({ api_key_id: null, user_id: account.owner.userId });

    // Another account's export answers exactly like an unknown one; so does a malformed id.
    const unknownId = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';
    const answers: Array<{ suffix: string; status: number; code: string; message: string | undefined }> = [];
    for (const [user, id] of [
      [beta.owner, exportId],
      [member, exportId],
      [account.owner, unknownId],
      [account.owner, 'not-an-export'],
    ] as const) {
      for (const suffix of ['', '/csv']) {
        const response = await user.client.request('GET', `/console/api/exports/${id}${suffix}`);
        const body = errorBodySchema.parse(await response.json());
        answers.push({ suffix, status: response.status, code: body.code, message: body.message?.replace(id, '<id>') });
      }
    }
    expect(answers).toEqual(
      Array(4)
        .fill(null)
        .flatMap(() => [
          { suffix: '', status: 404, code: 'EXPORT_NOT_FOUND', message: answers[0].message },
          { suffix: '/csv', status: 404, code: 'EXPORT_NOT_FOUND', message: answers[0].message },
        ]),
    );
  });

  it('guards every Leads endpoint: no session 401, no account 403, another origin 403, a form body 4xx', async () => {
    const leadIds = [fixtureId(1)];
    const exportId = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';
    await expectConsoleGuards(
      alpha.owner.client,
      [
        { method: 'GET', path: '/console/api/leads/filters?field=industry' },
        { method: 'POST', path: '/console/api/leads/count', body: {} },
        { method: 'POST', path: '/console/api/leads/browse', body: { limit: 5 } },
        { method: 'POST', path: '/console/api/leads/reveal/quote', body: { leadIds } },
        { method: 'POST', path: '/console/api/leads/reveal', body: { leadIds, quote_id: exportId } },
        { method: 'POST', path: '/console/api/leads/exports/quote', body: { limit: 1 } },
        { method: 'POST', path: '/console/api/leads/exports', body: { limit: 1, quote_id: exportId } },
        { method: 'GET', path: `/console/api/exports/${exportId}` },
        { method: 'GET', path: `/console/api/exports/${exportId}/csv` },
      ],
      { noAccount: operator.client },
    );
    expect(await harness.query('SELECT 1 FROM export_quotes WHERE account_id = $1', [alpha.accountId])).toEqual([]);
    expect((await api(alpha, 'GET', '/credits')).body.balance).toBe(99);
  });
});
