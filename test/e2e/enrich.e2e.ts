import { ENRICHMENT_FIELD_IDS } from '@lead-engine/contracts';
import { Client } from 'pg';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { EnrichmentClient } from './support/enrichment-client';
import { downloadBytes, expectExcelTwin } from './support/csv-for-excel';
import { Harness, useHarness } from './support/harness';
import { http } from './support/http';
import { htmlPage } from './support/loopback-sites';
import { seedLeads } from './support/seed-leads';

const ALL_FIELDS = ENRICHMENT_FIELD_IDS.join(',');
// 4 fields at 1 credit, 12 custom_* at 2, full_email free.
const ALL_FIELDS_PER_ROW = 28;
const TARGET = 'VPs of Engineering at software companies with 50-500 employees in the US';

const MIXED_CSV = [
  'First Name,Last Name,Email,Company Website,Job Title,Company,Notes',
  'Ada,Lovelace,ada@clinicsoft.ai.test,https://www.clinicsoft.ai.test/,VP of Engineering,ClinicSoft,=SUM(A1:A9)',
  'Hank,Hauler,hank@harbor-freight.ai.test,,Fleet Operations Manager,,"multi, part"',
  'Bo,Blocked,,blocked.ai.test,CTO,Blocked Inc,',
  'Gina,Mail,gina@gmail.com,,Founder,,',
  ',,fran@foodbank.ai.test,,,,+1 415 555 0100',
].join('\n');

describe('enrich-csv with the local provider', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  let releaseSlow: () => void = () => undefined;
  let slowReleased = false;
  const harness = useHarness({
    label: 'enrich',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      websites.sites.site('slow.ai.test', (request, response) => {
        if (request.url === '/robots.txt') return void response.writeHead(404).end();
        const answer = () => {
          if (!response.headersSent)
            response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Slow Co', 'We make slow websites for patient people.'));
        };
        if (slowReleased) return answer();
        releaseSlow = () => {
          slowReleased = true;
          answer();
        };
      });
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => websites.env,
  });
  let engine: Harness['engine'];
  let db: Client;

  const client = async (credits?: number) => {
    const account = await harness.createAccount('Enricher', credits);
    return { ...account, ai: new EnrichmentClient(engine.url, account.apiKey) };
  };
  const ledger = async (accountId: string) =>
    (
      await db.query(`SELECT kind, amount::int AS amount FROM credit_ledger WHERE account_id = $1 AND kind <> 'grant' ORDER BY id`, [
        accountId,
      ])
    ).rows;

  beforeAll(async () => {
    harness.closeAfterAll(async () => releaseSlow());
    engine = harness.engine;
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
  });

  it('enriches every field of every readable row, holds rows × cost and refunds the empty cells once', async () => {
    const { accountId, apiKey, ai } = await client();
    const created = await ai.upload(MIXED_CSV, {
      fields: ALL_FIELDS,
      target_icp: TARGET,
      seller_offer: 'an AI assistant that books meetings',
      user_tag: 'batch-7',
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'queued',
      backend_job_id: `enrichment:${created.body.id}`,
      original_filename: 'leads.csv',
      total_rows: 5,
      completed_rows: 0,
      progress_pct: 0,
      fields: [...ENRICHMENT_FIELD_IDS],
      target_icp: TARGET,
      seller_offer_set: true,
      user_tag: 'batch-7',
      credits_charged: 5 * ALL_FIELDS_PER_ROW,
      credits_refunded: 0,
      stage: 'queued',
      stage_done: 0,
      stage_total: 5,
      error: null,
      estimated_seconds: expect.any(Number),
      poll_url: `/api/v1/enrich-csv/jobs/${created.body.id}`,
      download_url_when_done: `/api/v1/enrich-csv/jobs/${created.body.id}/csv`,
    });
    expect(created.body.cost_explained).toMatch(
      /^5 rows × \(opener 1 \+ icp_grading 1 \+ icp 1 \+ subject_lines 1 \+ full_email 0 \+ custom_simplified_job_title 2 .*\) = 140 credits held/,
    );
    expect(await ai.balance()).toBe(300 - 140);

    const job = await ai.finished(created.body.id);
    const report = Object.fromEntries(ENRICHMENT_FIELD_IDS.map((field) => [field, { filled: 3, empty: 2 }]));
    expect(job).toMatchObject({
      status: 'completed',
      completed_rows: 5,
      progress_pct: 100,
      stage: 'completed',
      stage_done: 5,
      credits_charged: 140,
      credits_refunded: 2 * ALL_FIELDS_PER_ROW,
      field_report: report,
      eta_seconds: 0,
      download_url: `/api/v1/enrich-csv/jobs/${job.id}/csv`,
    });
    expect(job.elapsed_seconds).toEqual(expect.any(Number));
    expect(await ai.balance()).toBe(300 - 140 + 56);
    // Polling again settles nothing more.
    await ai.status(job.id);
    expect(await ledger(accountId)).toEqual([
      { kind: 'hold', amount: 140 },
      { kind: 'refund', amount: 56 },
    ]);

    const download = await ai.download(job.id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="leads-enriched.csv"');
    const csvUrl = `${engine.url}/api/v1/enrich-csv/jobs/${job.id}/csv`;
    const plain = await downloadBytes(csvUrl, { 'x-api-key': apiKey });
    expect(plain.bytes.toString('utf8')).toBe(download.text);
    expectExcelTwin(plain.bytes, (await downloadBytes(`${csvUrl}?excel=true`, { 'x-api-key': apiKey })).bytes);
    const header = download.text.split('\r\n')[0];
    expect(header).toBe(
      `First Name,Last Name,Email,Company Website,Job Title,Company,Notes,${ENRICHMENT_FIELD_IDS.join(',')},Website Read`,
    );
    const { parse } = await import('csv-parse/sync');
    const rows = parse(download.text, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row['Website Read'])).toEqual(['yes', 'yes', 'no', 'no', 'yes']);
    expect(rows.map((row) => row.Notes)).toEqual(["'=SUM(A1:A9)", 'multi, part', '', '', '+1 415 555 0100']);
    for (const row of rows) {
      for (const field of ENRICHMENT_FIELD_IDS) {
        if (row['Website Read'] === 'yes') expect(row[field]).not.toBe('');
        else expect(row[field]).toBe('');
      }
    }
    const [ada, hank, , , fran] = rows;
    expect(ada).toMatchObject({
      icp_grading: 'A',
      custom_simplified_job_title: 'VP Engineering',
      custom_company_type: 'software company',
      custom_who_they_work_with: 'Independent clinics',
      custom_recent_professional_achievement: 'In 2025 ClinicSoft launched ClinicPay, its payments product.',
      opener: "I saw on ClinicSoft's website that you build scheduling software for independent clinics.",
    });
    expect(ada.full_email).toMatch(/^Subject: .+\n\nHi Ada,\n\n.*independent clinics[\s\S]*We offer an AI assistant that books meetings\./);
    // Read through the email's domain; company and title from the engine's own contact data.
    expect(hank).toMatchObject({ custom_company_type: 'logistics company', custom_simplified_job_title: 'Fleet Operations Manager' });
    expect(hank.opener).toMatch(/you move freight across the Midwest/);
    expect(fran.full_email).toMatch(/Hi Fran,/);
    expect(fran.icp_grading).toBe('D');
    expect(websites.sites.count('clinicsoft.ai.test', '/')).toBeLessThanOrEqual(1);
  });

  it('holds exactly rows × per-field cost: custom_* 2, full_email 0, the others 1', async () => {
    const { accountId, ai } = await client();
    const csv = 'website\nclinicsoft.ai.test\nharbor-freight.ai.test\nfoodbank.ai.test\n';
    const { created, job } = await ai.enrich(csv, { fields: 'opener, custom_ps_line,full_email,opener' });
    expect(created).toMatchObject({
      fields: ['opener', 'custom_ps_line', 'full_email'],
      credits_charged: 3 * 3,
      seller_offer_set: false,
      user_tag: null,
      target_icp: '',
    });
    expect(created.cost_explained).toBe(
      '3 rows × (opener 1 + custom_ps_line 2 + full_email 0) = 9 credits held; cells left empty are refunded when the job finishes',
    );
    expect(job).toMatchObject({
      status: 'completed',
      credits_refunded: 0,
      field_report: { opener: { filled: 3, empty: 0 }, custom_ps_line: { filled: 3, empty: 0 }, full_email: { filled: 3, empty: 0 } },
    });
    expect(await ledger(accountId)).toEqual([{ kind: 'hold', amount: 9 }]);

    // Only free fields: nothing is held at all.
    const free = await ai.enrich('domain\nclinicsoft.ai.test\n', { fields: 'full_email' });
    expect(free.job).toMatchObject({ status: 'completed', credits_charged: 0, credits_refunded: 0 });
    expect(await ai.balance()).toBe(291);
  });

  it('marks unreadable websites "no", leaves their cells blank and refunds them', async () => {
    const { ai } = await client();
    const csv = 'Domain,Name\nblocked.ai.test,Bo Blocked\nempty.ai.test,Em Pty\nnowhere.test,No Where\nmissing.ai.test,Miss Ing\n';
    const { job, records } = await ai.enrich(csv, { fields: 'opener,custom_two_liner' });
    expect(job).toMatchObject({
      status: 'completed',
      credits_charged: 12,
      credits_refunded: 12,
      field_report: { opener: { filled: 0, empty: 4 }, custom_two_liner: { filled: 0, empty: 4 } },
    });
    expect(records.map((row) => [row.Domain, row.opener, row.custom_two_liner, row['Website Read']])).toEqual([
      ['blocked.ai.test', '', '', 'no'],
      ['empty.ai.test', '', '', 'no'],
      ['nowhere.test', '', '', 'no'],
      ['missing.ai.test', '', '', 'no'],
    ]);
    expect(await ai.balance()).toBe(300);
  });

  it('refuses every invalid upload with its own code, before any credit check, and charges nothing', async () => {
    const { accountId, ai } = await client(0);
    const ok = 'website,email\nclinicsoft.ai.test,\n';
    const expectError = async (response: { status: number; body: any }, status: number, code: string) => {
      expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
      expect(typeof response.body.error).toBe('string');
      return response.body;
    };

    const invalid = await expectError(await ai.upload(ok, { fields: 'opener,telepathy,Opener,colour' }), 400, 'INVALID_FIELDS');
    expect(invalid.invalid).toEqual(['telepathy', 'colour']);
    await expectError(await ai.upload(ok, { fields: ' , ' }), 400, 'INVALID_FIELDS');
    await expectError(await ai.upload(ok, {}), 400, 'VALIDATION_ERROR');
    await expectError(await ai.upload(ok, { fields: 'icp_grading,opener' }), 400, 'TARGET_ICP_REQUIRED');
    await expectError(await ai.upload(ok, { fields: 'icp_grading', target_icp: '   ' }), 400, 'TARGET_ICP_REQUIRED');
    await expectError(await ai.upload(ok, { fields: 'opener', target_icp: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR');
    const unknownField = await expectError(await ai.upload(ok, { fields: 'opener', sellerOffer: 'typo' }), 400, 'VALIDATION_ERROR');
    expect(unknownField.details).toEqual([{ path: 'sellerOffer', message: 'Unknown key "sellerOffer"' }]);

    const missing = await expectError(
      await ai.upload('Website,E-mail,Name\nclinicsoft.ai.test,,A\n,,B\n,bo@harbor-freight.ai.test,C\n,not-an-email,D\nnot a site,,E\n', {
        fields: 'opener',
      }),
      400,
      'ROWS_MISSING_WEBSITE_OR_EMAIL',
    );
    expect(missing.rows).toEqual([2, 4, 5]);
    const noColumns = await expectError(
      await ai.upload('Name,Title\nAda,CTO\nBo,CEO\n', { fields: 'opener' }),
      400,
      'ROWS_MISSING_WEBSITE_OR_EMAIL',
    );
    expect(noColumns.rows).toEqual([1, 2]);
    expect(noColumns.message).toMatch(/website column: none found, email column: none found/);

    await expectError(await ai.upload('website\n"clinicsoft.ai.test\n', { fields: 'opener' }), 400, 'INVALID_CSV');
    await expectError(await ai.upload('website\nclinicsoft.ai.test,extra,cells\n', { fields: 'opener' }), 400, 'INVALID_CSV');
    await expectError(await ai.upload('', { fields: 'opener' }), 400, 'INVALID_CSV');
    await expectError(await ai.upload('website,email\n', { fields: 'opener' }), 400, 'INVALID_CSV');
    await expectError(await ai.upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), { fields: 'opener' }), 400, 'INVALID_CSV');
    await expectError(await ai.upload(null, { fields: 'opener' }), 400, 'VALIDATION_ERROR');
    await expectError(await ai.upload(ok, { fields: 'opener' }, { fileField: 'attachment' }), 400, 'VALIDATION_ERROR');

    const tooManyRows = `website\n${'clinicsoft.ai.test\n'.repeat(10_001)}`;
    expect((await expectError(await ai.upload(tooManyRows, { fields: 'opener' }), 413, 'PAYLOAD_TOO_LARGE')).message).toMatch(
      /10000 data rows; this one has 10001/,
    );
    const tooBig = `website,notes\n${`clinicsoft.ai.test,${'x'.repeat(1000)}\n`.repeat(10_500)}`;
    expect(Buffer.byteLength(tooBig)).toBeGreaterThan(10 * 1024 * 1024);
    await expectError(await ai.upload(tooBig, { fields: 'opener' }), 413, 'PAYLOAD_TOO_LARGE');

    const json = await http(engine.url, 'POST', '/api/v1/enrich-csv', {
      apiKey: (await harness.createAccount('Json')).apiKey,
      body: { fields: 'opener' },
    });
    expect({ status: json.status, code: json.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    const unauthenticated = await new EnrichmentClient(engine.url, '').upload(ok, { fields: 'opener' });
    expect({ status: unauthenticated.status, code: unauthenticated.body.code }).toEqual({ status: 401, code: 'AUTH_REQUIRED' });

    // With every check passed, the empty balance answers 402 with what it would have cost; nothing is held or created.
    const broke = await expectError(
      await ai.upload('website\nclinicsoft.ai.test\nfoodbank.ai.test\n', { fields: 'opener,custom_ps_line' }),
      402,
      'INSUFFICIENT_CREDITS',
    );
    expect(broke).toMatchObject({ required: 6, balance: 0 });
    expect(await ledger(accountId)).toEqual([]);
    expect((await ai.list()).body).toEqual({ jobs: [] });
  });

  it('refuses multipart bodies on JSON endpoints', async () => {
    const { apiKey } = await client();
    const form = new FormData();
    form.append('limit', '10');
    const response = await fetch(`${engine.url}/api/v1/leads/exports`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('VALIDATION_ERROR');
  });

  it('shows progress while running, refuses the download before completion, and keeps jobs to their account', async () => {
    const { ai } = await client();
    const other = await client();
    const created = await ai.upload('website\nclinicsoft.ai.test\nslow.ai.test\n', { fields: 'opener' });
    expect(created.status).toBe(202);
    const id = created.body.id;

    const deadline = Date.now() + 10_000;
    let running = (await ai.status(id)).body;
    while (running.completed_rows < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      running = (await ai.status(id)).body;
    }
    expect(running).toMatchObject({
      status: 'running',
      stage: 'enriching',
      stage_done: 1,
      stage_total: 2,
      completed_rows: 1,
      progress_pct: 50,
      download_url: null,
      field_report: null,
    });
    expect(running.rate_per_second).toBeGreaterThan(0);
    expect(running.eta_low_seconds).toBeLessThanOrEqual(running.eta_seconds);
    expect(running.eta_high_seconds).toBeGreaterThanOrEqual(running.eta_seconds);

    const early = await ai.download(id);
    expect({ status: early.status, code: early.body.code }).toEqual({ status: 409, code: 'JOB_NOT_READY' });

    for (const response of [
      await other.ai.status(id),
      await other.ai.download(id),
      await ai.status('7c9e6679-7425-40de-944b-e07fc1f90ae7'),
    ]) {
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'JOB_NOT_FOUND' });
    }
    for (const response of [await ai.status('not-a-uuid'), await ai.download('12345')]) {
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'BAD_ID' });
    }
    expect((await other.ai.list()).body.jobs).toEqual([]);

    releaseSlow();
    const job = await ai.finished(id);
    expect(job).toMatchObject({ status: 'completed', credits_refunded: 0 });
    expect((await ai.download(id)).status).toBe(200);
  });

  it('lists the 50 most recent jobs of the account, newest first, in list form', async () => {
    const { ai } = await client();
    const ids: string[] = [];
    for (let n = 0; n < 52; n++) {
      const created = await ai.upload(`website\nclinicsoft.ai.test\n`, { fields: 'full_email', user_tag: `job-${n}` });
      expect(created.status).toBe(202);
      ids.push(created.body.id);
    }
    const first = await ai.finished(ids[0]);
    const listed = (await ai.list()).body.jobs;
    expect(listed).toHaveLength(50);
    expect(listed.map((job: { id: string }) => job.id)).toEqual(ids.slice(2).reverse());
    const oldestListed = listed[49];
    expect(Object.keys(oldestListed).sort()).toEqual(
      [
        'id',
        'backend_job_id',
        'status',
        'original_filename',
        'total_rows',
        'completed_rows',
        'progress_pct',
        'fields',
        'target_icp',
        'seller_offer_set',
        'user_tag',
        'credits_charged',
        'credits_refunded',
        'credits_net',
        'stage',
        'stage_done',
        'stage_total',
        'error',
        'created_at',
        'completed_at',
        'poll_url',
        'download_url',
      ].sort(),
    );
    expect(oldestListed).toMatchObject({ user_tag: 'job-2', credits_net: 0, poll_url: `/api/v1/enrich-csv/jobs/${ids[2]}` });
    expect(first.status).toBe('completed');
  });

  it('replays the first upload for the same Idempotency-Key and the same file, and holds once', async () => {
    const { accountId, ai } = await client();
    const csv = 'website\nclinicsoft.ai.test\n';
    const first = await ai.upload(csv, { fields: 'opener' }, { headers: { 'idempotency-key': 'upload-1' } });
    const again = await ai.upload(csv, { fields: 'opener' }, { headers: { 'idempotency-key': 'upload-1' }, filename: 'renamed.csv' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const otherFile = await ai.upload('website\nfoodbank.ai.test\n', { fields: 'opener' }, { headers: { 'idempotency-key': 'upload-1' } });
    expect({ status: otherFile.status, code: otherFile.body.code }).toEqual({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherForm = await ai.upload(csv, { fields: 'opener', user_tag: 'x' }, { headers: { 'idempotency-key': 'upload-1' } });
    expect(otherForm.status).toBe(409);
    await ai.finished(first.body.id);
    expect(await ledger(accountId)).toEqual([{ kind: 'hold', amount: 1 }]);
  });
});
