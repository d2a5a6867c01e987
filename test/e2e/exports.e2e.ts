import { Client } from 'pg';
import type { ExportCreateRequestInput } from '@lead-engine/contracts';
import { EngineProcess } from './support/engine-under-test';
import { downloadBytes, expectExcelTwin } from './support/csv-for-excel';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { SeedCompany, SeedContact, seedLeads } from './support/seed-leads';
import { refusalOf } from './support/refusal';

const FORMULA_COMPANY: SeedCompany = {
  domain: 'formula.example',
  name: '=HYPERLINK("http://evil.example","Click")',
  size: '11 to 50',
  industry: 'Computer Software',
  type: 'private',
  revenue: '$1M-10M',
  description: 'Spreadsheet tricks',
};
const FORMULA_CONTACT: SeedContact = {
  id: fixtureId(9),
  company: 'formula.example',
  first: '@Mallory',
  last: '-Jones',
  email: 'mallory@formula.example',
  phone: '+44 20 7946 0958',
  title: '+Chief Hacker',
  seniority: 'C-Suite',
  department: 'Engineering',
  country: 'GB',
};

const HEADER =
  'First Name,Last Name,Email,Phone,Company,Domain,Job Title,Seniority,Department,Industry,Country,State,City,Company Size,LinkedIn';

describe('exports: durable CSV export jobs', () => {
  const harness = useHarness({
    label: 'exports',
    prepare: (harness) => seedLeads(harness.environment, [...FIXTURE_COMPANIES, FORMULA_COMPANY], [...FIXTURE_CONTACTS, FORMULA_CONTACT]),
  });
  let engine: typeof harness.engine;

  const start = (apiKey: string, body: ExportCreateRequestInput) => harness.api(apiKey, engine.url)('startExport', { body });
  /** A raw start, for a body the types forbid or an Idempotency-Key header. */
  const startRaw = (apiKey: string, body: unknown, headers: Record<string, string> = {}) =>
    http(engine.url, 'POST', '/api/v1/leads/exports', { apiKey, body, headers });
  const status = (apiKey: string, id: string, url = engine.url) => harness.api(apiKey, url)('getExport', { params: { id } });
  const downloadCsv = (apiKey: string, id: string) => harness.api(apiKey, engine.url)('downloadExport', { params: { id } });
  /** The raw download, for the CSV bytes and headers. */
  const download = (apiKey: string, id: string) => http(engine.url, 'GET', `/api/v1/leads/exports/${id}/csv`, { apiKey });
  const balance = async (apiKey: string) => (await harness.api(apiKey, engine.url)('getCredits')).balance;

  async function finished(apiKey: string, id: string, url = engine.url, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await status(apiKey, id, url);
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`export ${id} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function exportAndWait(apiKey: string, body: ExportCreateRequestInput) {
    const created = await start(apiKey, body);
    return finished(apiKey, created.job_id);
  }

  const csvLines = (text: string) => text.split('\r\n').filter((line, index, lines) => line !== '' || index < lines.length - 1);

  beforeAll(async () => {
    engine = harness.engine;
    await harness.createAccount('migrate');
  });

  it('validates the request: limit required, 1 or more, capped to 50000', async () => {
    const { apiKey } = await harness.createAccount('Validator');
    await expect(start(apiKey, { industry: ['Computer Software'] })).rejects.toMatchObject({ status: 400, code: 'LIMIT_REQUIRED' });
    expect((await refusalOf(start(apiKey, { limit: 0 }))).code).toBe('VALIDATION_ERROR');
    expect((await startRaw(apiKey, { limit: 5, colour: 'red' })).body.code).toBe('VALIDATION_ERROR');
    expect((await refusalOf(start(apiKey, { limit: 5, companyType: 'public' }))).code).toBe('COMPANY_TYPE_NOT_AVAILABLE');
    const big = await start(apiKey, { limit: 60_000, country: 'ZZ' });
    expect(big).toMatchObject({
      status: 'queued',
      requested_limit: 60_000,
      capped_to_max: 50_000,
      poll: `/api/v1/leads/exports/${big.job_id}`,
      download: `/api/v1/leads/exports/${big.job_id}/csv`,
    });
    expect((await start(apiKey, { limit: 10, country: 'ZZ' })).capped_to_max).toBeNull();
    await finished(apiKey, big.job_id);
  });

  it('delivers the exact CSV, charges per row and marks the rows revealed', async () => {
    const { apiKey } = await harness.createAccount('Exporter');
    const job = await exportAndWait(apiKey, { industry: ['Computer Software'], limit: 100 });
    const today = new Date().toISOString().slice(0, 10);
    expect(job).toMatchObject({
      status: 'completed',
      requestedLimit: 100,
      progress: 100,
      deliveredRows: 5,
      creditsCharged: 5,
      capped: false,
      downloadable: true,
      filename: `lead-engine-export-${today}-5.csv`,
    });
    expect(job.note).toContain('5');
    expect(await balance(apiKey)).toBe(295);

    const file = await download(apiKey, job.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('x-delivered-rows')).toBe('5');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="lead-engine-export-${today}-5.csv"`);
    expect(file.text).toBe(
      [
        HEADER,
        'Zoë,Smith,zoe.smith@acme.io,+1 415 555 0101,"Acme, ""Cloud"" Inc.",acme.io,Chief Technology Officer,C-Suite,Engineering,Computer Software,United States,CA,San Francisco,51 to 100,https://www.linkedin.com/in/zoë',
        'Ana,Cto,ana@acme.io,,"Acme, ""Cloud"" Inc.",acme.io,CTO,C-Suite,Engineering,Computer Software,United States,CA,San Francisco,51 to 100,https://www.linkedin.com/in/ana',
        'Bob,Jones,bob.jones@acme.io,+1 415 555 0103,"Acme, ""Cloud"" Inc.",acme.io,Director of Sales,Director,Sales,Computer Software,United States,CA,San Francisco,51 to 100,https://www.linkedin.com/in/bob',
        'Eve,Adams,eve@acme.io,+1 415 555 0107,"Acme, ""Cloud"" Inc.",acme.io,Senior Software Engineer,Senior,Engineering,Computer Software,United States,CA,San Francisco,51 to 100,https://www.linkedin.com/in/eve',
        `'@Mallory,'-Jones,mallory@formula.example,+44 20 7946 0958,"'=HYPERLINK(""http://evil.example"",""Click"")",formula.example,'+Chief Hacker,C-Suite,Engineering,Computer Software,GB,CA,San Francisco,11 to 50,https://www.linkedin.com/in/@mallory`,
        '',
      ].join('\r\n'),
    );
    // For Excel: the same bytes behind the UTF-8 mark, so "Zoë" opens as Zoë; other parameters change nothing.
    const csvPath = `${engine.url}/api/v1/leads/exports/${job.id}/csv`;
    const plain = await downloadBytes(`${csvPath}?excel=false&cache=1`, { 'x-api-key': apiKey });
    const excel = await downloadBytes(`${csvPath}?excel=true`, { 'x-api-key': apiKey });
    expect([plain.status, excel.status]).toEqual([200, 200]);
    expect(plain.bytes.toString('utf8')).toBe(file.text);
    expectExcelTwin(plain.bytes, excel.bytes);
    const refused = await http(engine.url, 'GET', `/api/v1/leads/exports/${job.id}/csv?excel=yes`, { apiKey });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');

    const call = harness.api(apiKey, engine.url);
    const browse = await call('browseLeads', { body: { limit: 100 } });
    expect(browse.total).toBe(4);
    const reveal = await call('revealLeads', { body: { leadIds: [fixtureId(1), fixtureId(4)] } });
    expect(reveal).toMatchObject({ credits_charged: 1, already_revealed: 1, new_reveals: 1 });
  });

  it('leaves out leads already revealed or exported, down to a header-only file', async () => {
    const { apiKey } = await harness.createAccount('Repeater');
    await harness.api(apiKey, engine.url)('revealLeads', { body: { leadIds: [fixtureId(2)] } });
    const first = await exportAndWait(apiKey, { industry: 'Computer Software', limit: 2 });
    expect(first).toMatchObject({ deliveredRows: 2, creditsCharged: 2 });
    expect(
      csvLines((await download(apiKey, first.id)).text)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['Zoë', 'Bob']);
    const second = await exportAndWait(apiKey, { industry: 'Computer Software', limit: 10 });
    expect(second).toMatchObject({ deliveredRows: 2, creditsCharged: 2 });
    expect(
      csvLines((await download(apiKey, second.id)).text)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['Eve', "'@Mallory"]);
    const third = await exportAndWait(apiKey, { industry: 'Computer Software', limit: 10 });
    expect(third).toMatchObject({ status: 'completed', deliveredRows: 0, creditsCharged: 0, capped: false, downloadable: true });
    const empty = await download(apiKey, third.id);
    expect(empty.text).toBe(`${HEADER}\r\n`);
    expect(empty.headers.get('x-delivered-rows')).toBe('0');
    expect(await balance(apiKey)).toBe(300 - 1 - 2 - 2);
  });

  it('completes a zero-row export with a header-only CSV and charges nothing', async () => {
    const { apiKey } = await harness.createAccount('Nobody');
    const job = await exportAndWait(apiKey, { industry: ['Underwater Basket Weaving'], limit: 10 });
    expect(job).toMatchObject({ status: 'completed', deliveredRows: 0, creditsCharged: 0, filename: expect.stringMatching(/-0\.csv$/) });
    expect((await download(apiKey, job.id)).text).toBe(`${HEADER}\r\n`);
    expect(await balance(apiKey)).toBe(300);
  });

  it('stops delivery at the balance', async () => {
    const { apiKey } = await harness.createAccount('Thrifty', 3);
    const job = await exportAndWait(apiKey, { limit: 8 });
    expect(job).toMatchObject({ status: 'completed', deliveredRows: 3, creditsCharged: 3, capped: true });
    expect(job.note).toMatch(/balance/);
    expect(csvLines((await download(apiKey, job.id)).text)).toHaveLength(4);
    expect(await balance(apiKey)).toBe(0);
  });

  it('refuses to start with a zero balance (402, nothing queued), after reporting validation errors first', async () => {
    const { apiKey } = await harness.createAccount('Broke', 0);
    const listed = async () => (await harness.api(apiKey, engine.url)('listExports')).exports;

    await expect(start(apiKey, { limit: 8 })).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      details: { required: 1, balance: 0 },
    });
    expect((await refusalOf(start(apiKey, { industry: ['Computer Software'] }))).code).toBe('LIMIT_REQUIRED');
    expect(await listed()).toEqual([]);
  });

  it('hides other accounts’ exports and unknown ids, and lists the account’s own newest first', async () => {
    const owner = await harness.createAccount('Owner');
    const stranger = await harness.createAccount('Stranger');
    const first = await exportAndWait(owner.apiKey, { country: 'ZZ', limit: 1 });
    const second = await exportAndWait(owner.apiKey, { country: 'YY', limit: 1 });
    for (const refusal of [
      await refusalOf(status(stranger.apiKey, first.id)),
      await refusalOf(downloadCsv(stranger.apiKey, first.id)),
      await refusalOf(status(owner.apiKey, 'not-a-uuid')),
    ]) {
      expect(refusal.status).toBe(404);
      expect(refusal.code).toBe('EXPORT_NOT_FOUND');
    }
    const listing = await harness.api(owner.apiKey, engine.url)('listExports');
    expect(listing.count).toBe(2);
    expect(listing.exports.map((job) => job.id)).toEqual([second.id, first.id]);
    expect(await harness.api(stranger.apiKey, engine.url)('listExports')).toEqual({ count: 0, exports: [] });
  });

  it('charges each lead once when exports and reveals of the same leads race', async () => {
    const { apiKey, accountId } = await harness.createAccount('Racer');
    const ids = [...FIXTURE_CONTACTS, FORMULA_CONTACT].map((contact) => contact.id);
    const exportsStarted = await Promise.all([start(apiKey, { limit: 9 }), start(apiKey, { limit: 4 })]);
    const reveals = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        harness.api(apiKey, engine.url)('revealLeads', { body: { leadIds: ids.slice(n % 5, (n % 5) + 4) } }),
      ),
    );
    const jobs = await Promise.all(exportsStarted.map((created) => finished(apiKey, created.job_id)));
    const revealedCharges = reveals.reduce((sum, reveal) => sum + reveal.credits_charged, 0);
    const exportedRows = jobs.reduce((sum, job) => sum + job.deliveredRows, 0);
    const db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM reveals WHERE account_id = $1', [accountId]);
      expect(rows[0].n).toBe(9);
    } finally {
      await db.end();
    }
    expect(revealedCharges + exportedRows).toBe(9);
    expect(await balance(apiKey)).toBe(300 - 9);
  });

  it('fails an export that cannot be delivered after its last attempt, charging and revealing nothing', async () => {
    const { apiKey, accountId } = await harness.createAccount('Unlucky');
    const sql = new Client({ connectionString: harness.environment.databaseUrl });
    await sql.connect();
    try {
      await sql.query(`CREATE FUNCTION refuse_parts() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'disk on fire'; END $$`);
      await sql.query('CREATE TRIGGER refuse_parts BEFORE INSERT ON export_file_parts FOR EACH ROW EXECUTE FUNCTION refuse_parts()');
      const created = await start(apiKey, { limit: 5 });
      const job = await finished(apiKey, created.job_id);
      expect(job).toMatchObject({ status: 'failed', deliveredRows: 0 });
      expect(job.note).toMatch(/nothing was charged/);
      await expect(downloadCsv(apiKey, created.job_id)).rejects.toMatchObject({ status: 409, code: 'EXPORT_NOT_READY' });
      expect(await balance(apiKey)).toBe(300);
      expect((await sql.query('SELECT count(*)::int AS n FROM reveals WHERE account_id = $1', [accountId])).rows[0].n).toBe(0);
    } finally {
      await sql.query('DROP TRIGGER IF EXISTS refuse_parts ON export_file_parts');
      await sql.query('DROP FUNCTION IF EXISTS refuse_parts()');
      await sql.end();
    }
  });

  it('starts one export for a repeated Idempotency-Key', async () => {
    const { apiKey } = await harness.createAccount('Twice');
    const headers = { 'idempotency-key': 'export-once' };
    const first = await startRaw(apiKey, { seniority: 'Director', limit: 5 }, headers);
    const again = await startRaw(apiKey, { seniority: 'Director', limit: 5 }, headers);
    expect(again.status).toBe(202);
    expect(again.body.job_id).toBe(first.body.job_id);
    const conflict = await startRaw(apiKey, { seniority: 'Director', limit: 6 }, headers);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await finished(apiKey, first.body.job_id);
    expect((await harness.api(apiKey, engine.url)('listExports')).count).toBe(1);
    expect(await balance(apiKey)).toBe(298);
  });
});

describe('exports: workers that die mid-delivery', () => {
  const harness = useHarness({ label: 'exports_crash', engine: 'none' });

  it('answers 409 until completed; a killed worker leaves the export to the next one, which bills it exactly once', async () => {
    await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
    const api = await harness.spawnEngine({ ENGINE_ROLE: 'api' });
    const { apiKey, accountId } = await harness.createAccount('Survivor');
    const db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    let worker: EngineProcess | null = null;
    try {
      const call = harness.api(apiKey, api.url);
      const created = await call('startExport', { body: { limit: 6 } });
      const id = created.job_id;
      await expect(call('downloadExport', { params: { id } })).rejects.toMatchObject({ status: 409, code: 'EXPORT_NOT_READY' });
      expect(await call('getExport', { params: { id } })).toMatchObject({
        status: 'queued',
        downloadable: false,
        progress: 0,
      });

      // Hold the file table so the worker blocks inside its delivery transaction, then kill it there.
      await db.query('BEGIN');
      await db.query('LOCK TABLE export_file_parts IN ACCESS EXCLUSIVE MODE');
      worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker', JOB_LOCK_MS: '1000' });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const waiting = await new Client({ connectionString: harness.environment.databaseUrl });
        await waiting.connect();
        const { rows } = await waiting.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO export_file_parts%'`,
        );
        await waiting.end();
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error(`worker never reached the delivery:\n${worker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await call('getExport', { params: { id } })).status).toBe('running');
      await worker.stop('SIGKILL');
      await db.query('ROLLBACK');

      const { rows: before } = await db.query(`SELECT count(*)::int AS n FROM reveals WHERE account_id = $1`, [accountId]);
      expect(before[0].n).toBe(0);

      worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker', JOB_LOCK_MS: '1000' });
      const finishedBy = Date.now() + 30_000;
      let job;
      for (;;) {
        job = await call('getExport', { params: { id } });
        if (job.status === 'completed' || job.status === 'failed') break;
        if (Date.now() > finishedBy) throw new Error(`export still ${job.status}:\n${worker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(job).toMatchObject({ status: 'completed', deliveredRows: 6, creditsCharged: 6 });
      const file = await http(api.url, 'GET', `/api/v1/leads/exports/${id}/csv`, { apiKey });
      expect(file.text.split('\r\n').filter(Boolean)).toHaveLength(7);
      const { rows: spends } = await db.query(
        `SELECT kind, amount::int AS amount, reference FROM credit_ledger WHERE account_id = $1 AND kind = 'spend'`,
        [accountId],
      );
      expect(spends).toEqual([{ kind: 'spend', amount: 6, reference: `export:${id}` }]);
      const { rows: after } = await db.query(`SELECT count(*)::int AS n FROM reveals WHERE account_id = $1 AND source = 'export'`, [
        accountId,
      ]);
      expect(after[0].n).toBe(6);
      expect((await call('getCredits')).balance).toBe(294);
      await expectLedgerInvariant(harness.environment.databaseUrl);
    } finally {
      await db.end();
      await worker?.stop();
      await api.stop();
    }
    // Three engine processes start one after another; on a loaded machine each takes seconds.
  }, 240_000);
});
