import {
  CONSOLE_SESSION_COOKIE,
  ContactImportDetail,
  contactImportDetailSchema,
  contactImportListSchema,
  errorBodySchema,
  operatorContactsSchema,
} from '@lead-engine/contracts';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { ConsoleClient, SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { until } from './support/until';

const IMPORTS = '/console/api/operator/contact-imports';
const CONTACTS = '/console/api/operator/contacts';
const HEADER = 'id,first_name,last_name,email,job_title,company_name,company_domain,country_code,industry';

/** A row of the import format; `id` a fresh uuid unless given. */
const row = (fields: { id?: string; first: string; email: string; domain: string; country?: string }) =>
  [
    fields.id ?? randomUUID(),
    fields.first,
    'Tester',
    fields.email,
    'Head of Sales',
    `${fields.domain} Ltd`,
    fields.domain,
    fields.country ?? 'DE',
    'Software',
  ].join(',');

const csvForm = (text: string | Buffer, filename = 'contacts.csv') => {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), filename);
  return form;
};

describe("operator: the Contacts page's imports", () => {
  const harness = useHarness({ label: 'operator_contact_imports' });
  let operator: SignedInUser;

  beforeAll(async () => {
    operator = await harness.signIn({ operator: true, name: 'Ivo Importer' });
  });

  const upload = async (text: string | Buffer, filename?: string) => {
    const answer = await operator.client.json('POST', IMPORTS, { form: csvForm(text, filename) });
    expect(answer.status).toBe(202);
    return contactImportDetailSchema.parse(answer.body);
  };
  const finished = (id: string): Promise<ContactImportDetail> =>
    until(
      `contact import ${id} to finish`,
      async () => {
        const answer = await operator.client.json('GET', `${IMPORTS}/${id}`);
        expect(answer.status).toBe(200);
        const found = contactImportDetailSchema.parse(answer.body);
        return found.status === 'completed' || found.status === 'failed' ? found : undefined;
      },
      () => '',
      120_000,
    );
  const totalContacts = async () => operatorContactsSchema.parse((await operator.client.json('GET', CONTACTS)).body).total;
  const refusal = async (client: ConsoleClient, method: string, path: string, options: Parameters<ConsoleClient['json']>[2] = {}) => {
    const answer = await client.json(method, path, options);
    return [answer.status, errorBodySchema.parse(answer.body).code];
  };
  const uploadsInFlight = async () =>
    (await harness.query(`SELECT count(*)::int AS n FROM contact_imports WHERE status = 'uploading'`))[0].n;
  const storedParts = async () => (await harness.query('SELECT count(*)::int AS n FROM contact_import_parts'))[0].n;

  it('imports an uploaded CSV as a job: counts, the rejected rows by line number, the contacts counted, the action recorded', async () => {
    const before = await totalContacts();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const file = [
      HEADER,
      row({ id: ids[0], first: 'Ada', email: 'ada@alpha-import.example', domain: 'alpha-import.example' }),
      row({ id: ids[1], first: 'Ben', email: '', domain: 'alpha-import.example' }),
      row({ id: ids[2], first: 'Cy', email: 'cy@beta-import.example', domain: 'beta-import.example', country: 'FR' }),
      'not,enough,columns',
      row({ first: 'Dee', email: 'dee@beta-import.example', domain: 'beta-import.example' }),
    ].join('\r\n');
    const queued = await upload(file, 'two-bad-rows.csv');
    expect(queued).toMatchObject({
      source: 'file',
      filename: 'two-bad-rows.csv',
      total_bytes: Buffer.byteLength(file),
      started_by: { id: operator.userId, email: operator.email },
    });
    expect(['queued', 'running', 'completed']).toContain(queued.status);

    const done = await finished(queued.id);
    expect(done).toMatchObject({
      status: 'completed',
      rows_read: 5,
      imported: 3,
      updated: 0,
      rejected: 2,
      bytes_read: Buffer.byteLength(file),
      note: null,
    });
    expect(done.rejections).toEqual([
      { line: 3, reason: 'missing email' },
      { line: 5, reason: 'wrong column count: expected 9 fields, got 3' },
    ]);
    expect(done.completed_at).not.toBeNull();
    const stored = await harness.query(`SELECT id FROM contacts WHERE id = ANY($1::uuid[]) ORDER BY email`, [ids]);
    expect(stored.map((contact) => contact.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(await storedParts()).toBe(0);
    await until('the lead table to count the new contacts', async () => ((await totalContacts()) === before + 3 ? true : undefined));

    const list = contactImportListSchema.parse((await operator.client.json('GET', IMPORTS)).body);
    expect(list.data[0]).toMatchObject({ id: queued.id, status: 'completed', imported: 3, rejected: 2 });
    expect(list.data[0]).not.toHaveProperty('rejections');
    const actions = await harness.query(
      `SELECT account_id, action, details FROM operator_actions WHERE operator_user_id = $1 AND action = 'contacts.import'`,
      [operator.userId],
    );
    expect(actions).toEqual([
      {
        account_id: null,
        action: 'contacts.import',
        details: { import_id: queued.id, filename: 'two-bad-rows.csv', bytes: Buffer.byteLength(file) },
      },
    ]);

    // The same rows again: their ids exist, so they are updated, not added.
    const again = await finished(
      (
        await upload(
          [HEADER, row({ id: ids[0], first: 'Adele', email: 'ada@alpha-import.example', domain: 'alpha-import.example' })].join('\n'),
        )
      ).id,
    );
    expect(again).toMatchObject({ status: 'completed', rows_read: 1, imported: 0, updated: 1, rejected: 0 });
    expect((await harness.query('SELECT first_name FROM contacts WHERE id = $1', [ids[0]]))[0].first_name).toBe('Adele');
  });

  it('refuses at once a file the import would refuse, and keeps nothing of it', async () => {
    const count = async () => (await harness.query('SELECT count(*)::int AS n FROM contact_imports'))[0].n;
    const before = await count();
    const badHeader = await operator.client.json('POST', IMPORTS, { form: csvForm('first_name,last_name\nAda,Tester\n') });
    expect(badHeader.status).toBe(400);
    expect(errorBodySchema.parse(badHeader.body)).toMatchObject({ code: 'INVALID_CSV', message: expect.stringContaining('email') });
    expect(await refusal(operator.client, 'POST', IMPORTS, { form: csvForm('') })).toEqual([400, 'INVALID_CSV']);
    const noFile = new FormData();
    expect(await refusal(operator.client, 'POST', IMPORTS, { form: noFile })).toEqual([400, 'VALIDATION_ERROR']);
    const extraField = csvForm(`${HEADER}\n`);
    extraField.append('priority', 'high');
    expect(await refusal(operator.client, 'POST', IMPORTS, { form: extraField })).toEqual([400, 'VALIDATION_ERROR']);
    expect(await refusal(operator.client, 'POST', IMPORTS, { body: { file: 'x' } })).toEqual([400, 'VALIDATION_ERROR']);
    expect(await count()).toBe(before);
    expect(await storedParts()).toBe(0);
  });

  it('stores a file of several parts and imports it whole', async () => {
    // 3 MB of rows: the file is stored in several parts and read back in order.
    const rows = Array.from({ length: 20_000 }, (_, index) =>
      row({ first: `Pat${index}`, email: `pat${index}@gamma-import.example`, domain: `gamma${index % 50}-import.example`, country: 'GB' }),
    );
    const file = [HEADER, ...rows].join('\n') + '\n';
    expect(Buffer.byteLength(file)).toBeGreaterThan(2 * 1024 * 1024);
    const done = await finished((await upload(file)).id);
    expect(done).toMatchObject({
      status: 'completed',
      rows_read: 20_000,
      imported: 20_000,
      rejected: 0,
      bytes_read: Buffer.byteLength(file),
    });
    expect((await harness.query(`SELECT count(*)::int AS n FROM contacts WHERE email LIKE '%@gamma-import.example'`))[0].n).toBe(20_000);
  });

  it('discards an upload cut off midway: nothing stored, nothing queued', async () => {
    const before = (await harness.query('SELECT count(*)::int AS n FROM contact_imports'))[0].n;
    const boundary = 'cutoff' + randomUUID().slice(0, 8);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n`,
    );
    const body = Buffer.concat([head, Buffer.alloc(3 * 1024 * 1024, 'a')]);
    const url = new URL(harness.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        `POST ${IMPORTS} HTTP/1.1`,
        `Host: ${url.host}`,
        `Origin: ${harness.url}`,
        `Cookie: ${CONSOLE_SESSION_COOKIE}=${operator.client.sessionToken}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length + 10 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    await new Promise<void>((resolve) => socket.write(body, () => resolve()));
    await until('the upload to store a part', async () => ((await storedParts()) > 0 ? true : undefined));
    socket.destroy();
    await until('the cut-off upload to be discarded', async () =>
      (await uploadsInFlight()) === 0 && (await storedParts()) === 0 ? true : undefined,
    );
    expect((await harness.query('SELECT count(*)::int AS n FROM contact_imports'))[0].n).toBe(before);
    expect((await operator.client.json('GET', IMPORTS)).status).toBe(200);
  });

  it('imports two uploads sent at once, each to its own counts', async () => {
    const fileOf = (prefix: string, rows: number) =>
      [
        HEADER,
        ...Array.from({ length: rows }, (_, n) =>
          row({ first: `${prefix}${n}`, email: `${prefix}${n}@${prefix}.example`, domain: `${prefix}.example` }),
        ),
      ].join('\n');
    const [left, right] = await Promise.all([
      upload(fileOf('left-twin', 4_000), 'left.csv'),
      upload(fileOf('right-twin', 2_500), 'right.csv'),
    ]);
    expect(left.id).not.toBe(right.id);
    const [leftDone, rightDone] = await Promise.all([finished(left.id), finished(right.id)]);
    expect(leftDone).toMatchObject({ status: 'completed', filename: 'left.csv', rows_read: 4_000, imported: 4_000, rejected: 0 });
    expect(rightDone).toMatchObject({ status: 'completed', filename: 'right.csv', rows_read: 2_500, imported: 2_500, rejected: 0 });
    const stored = await harness.query(
      `SELECT co.domain, count(*)::int AS n FROM contacts c JOIN companies co ON co.id = c.company_id WHERE co.domain IN ('left-twin.example', 'right-twin.example') GROUP BY 1 ORDER BY 1`,
    );
    expect(stored).toEqual([
      { domain: 'left-twin.example', n: 4_000 },
      { domain: 'right-twin.example', n: 2_500 },
    ]);
    expect(await storedParts()).toBe(0);
  });

  it('discards, when a worker starts, an upload a process left half-written over a day ago, and keeps a recent one', async () => {
    const [abandoned, recent] = [randomUUID(), randomUUID()];
    for (const [id, age] of [
      [abandoned, '25 hours'],
      [recent, '1 hour'],
    ]) {
      await harness.query(
        `INSERT INTO contact_imports (id, source, status, created_at) VALUES ($1, 'file', 'uploading', now() - $2::interval)`,
        [id, age],
      );
      await harness.query(`INSERT INTO contact_import_parts (import_id, part, data) VALUES ($1, 0, $2)`, [id, Buffer.from(`${HEADER}\n`)]);
    }
    await harness.startEngine({ ENGINE_ROLE: 'worker' });
    const left = await until('the abandoned upload to be discarded', async () => {
      const rows = await harness.query<{ id: string }>(`SELECT id FROM contact_imports WHERE id = ANY($1::uuid[])`, [[abandoned, recent]]);
      return rows.length === 1 ? rows.map((found) => found.id) : undefined;
    });
    expect(left).toEqual([recent]);
    expect(await harness.query(`SELECT import_id FROM contact_import_parts`)).toEqual([{ import_id: recent }]);
    // Not the operator's list's to show: an upload still arriving is nobody's import yet.
    expect(contactImportListSchema.parse((await operator.client.json('GET', IMPORTS)).body).data.map((found) => found.id)).not.toContain(
      recent,
    );
    await harness.query(`DELETE FROM contact_imports WHERE id = $1`, [recent]);
  });

  it('generates synthetic contacts as a job; the same seed again updates them', async () => {
    const answer = await operator.client.json('POST', `${IMPORTS}/generated`, { body: { count: 1500, seed: 4242 } });
    expect(answer.status).toBe(202);
    const queued = contactImportDetailSchema.parse(answer.body);
    expect(queued).toMatchObject({ source: 'generated', requested_rows: 1500, seed: 4242, filename: null, total_bytes: null });
    expect(await finished(queued.id)).toMatchObject({ status: 'completed', rows_read: 1500, imported: 1500, updated: 0, rejected: 0 });
    const second = contactImportDetailSchema.parse(
      (await operator.client.json('POST', `${IMPORTS}/generated`, { body: { count: 1500, seed: 4242 } })).body,
    );
    expect(await finished(second.id)).toMatchObject({ status: 'completed', imported: 0, updated: 1500 });
    const drawn = contactImportDetailSchema.parse(
      (await operator.client.json('POST', `${IMPORTS}/generated`, { body: { count: 10 } })).body,
    );
    expect(drawn.seed).toEqual(expect.any(Number));
    expect(await finished(drawn.id)).toMatchObject({ status: 'completed', imported: 10 });
    const actions = await harness.query(`SELECT details FROM operator_actions WHERE action = 'contacts.generate' ORDER BY created_at`);
    expect(actions.map((action) => action.details.count)).toEqual([1500, 1500, 10]);

    for (const body of [{ count: 0 }, { count: 5_000_001 }, { count: 10, seed: -1 }, { count: 'ten' }, { count: 10, extra: true }]) {
      expect(await refusal(operator.client, 'POST', `${IMPORTS}/generated`, { body })).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('fails an import a restart interrupted, rather than running it twice', async () => {
    const id = randomUUID();
    await harness.query(
      `INSERT INTO contact_imports (id, source, status, user_id, requested_rows, seed, attempts, started_at)
       VALUES ($1, 'generated', 'running', $2, 100, 9, 1, now())`,
      [id, operator.userId],
    );
    // A worker starting queues every unfinished import again; this one has run before.
    await harness.startEngine();
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'failed', imported: 0, note: expect.stringContaining('stopped before it finished') });
  });

  it('answers 404 for an unknown or malformed id, and refuses everyone but the operator', async () => {
    expect(await refusal(operator.client, 'GET', `${IMPORTS}/${randomUUID()}`)).toEqual([404, 'NOT_FOUND']);
    expect(await refusal(operator.client, 'GET', `${IMPORTS}/not-a-uuid`)).toEqual([404, 'NOT_FOUND']);

    const account = await harness.createAccount('Imports Outsider');
    const owner = await harness.signIn({ accountId: account.accountId, role: 'owner' });
    const before = (await harness.query('SELECT count(*)::int AS n FROM contact_imports'))[0].n;
    const anyId = (await harness.query('SELECT id FROM contact_imports LIMIT 1'))[0].id;
    const anonymous = new ConsoleClient(harness.url);
    for (const [client, expected] of [
      [owner.client, [403, 'FORBIDDEN']],
      [anonymous, [401, 'SESSION_REQUIRED']],
    ] as const) {
      expect(
        await refusal(client, 'POST', IMPORTS, {
          form: csvForm(`${HEADER}\n${row({ first: 'Eve', email: 'eve@x.example', domain: 'x.example' })}\n`),
        }),
      ).toEqual(expected);
      expect(await refusal(client, 'POST', `${IMPORTS}/generated`, { body: { count: 5 } })).toEqual(expected);
      expect(await refusal(client, 'GET', IMPORTS)).toEqual(expected);
      expect(await refusal(client, 'GET', `${IMPORTS}/${anyId}`)).toEqual(expected);
    }
    const crossSite = await operator.client.json('POST', `${IMPORTS}/generated`, {
      body: { count: 5 },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect([crossSite.status, errorBodySchema.parse(crossSite.body).code]).toEqual([403, 'CROSS_ORIGIN_REQUEST']);
    expect((await harness.query('SELECT count(*)::int AS n FROM contact_imports'))[0].n).toBe(before);
    expect(await storedParts()).toBe(0);
  });
});
