import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { Harness, useHarness } from './support/harness';
import { until } from './support/until';
import { http } from './support/http';

const FIXTURE = path.join(__dirname, 'fixtures/contacts-import.csv');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const EXPECTED_REJECTIONS = [
  { line: 4, reason: 'missing email' },
  { line: 5, reason: 'invalid id: "12345" is not a uuid' },
  {
    line: 6,
    reason:
      'invalid company_size: "huge" is not one of 1 to 10, 11 to 50, 51 to 100, 101 to 250, 251 to 500, 501 to 1000, 1001 to 5000, 5001 to 10000, 10001+',
  },
  { line: 7, reason: 'wrong column count: expected 22 fields, got 5' },
  { line: 8, reason: 'invalid country_code: "USA" is not a two-letter code' },
  { line: 12, reason: 'missing last_name' },
  { line: 14, reason: 'malformed CSV: a quote inside an unquoted field' },
];

/** The indexes and foreign keys of contacts, which a bulk load drops and re-creates. */
async function contactsSchema(harness: Harness) {
  return harness.query(
    `SELECT array(SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid = 'contacts'::regclass AND indisvalid ORDER BY 1) AS indexes,
            array(SELECT conname::text FROM pg_constraint WHERE conrelid = 'contacts'::regclass AND contype = 'f' ORDER BY 1) AS foreign_keys`,
  );
}

const CONTACTS_SCHEMA = [
  {
    indexes: ['contacts_company', 'contacts_email', 'contacts_lead_version', 'contacts_pkey', 'contacts_seq_key'],
    foreign_keys: ['contacts_company_id_fkey'],
  },
];

/** Runs a CLI command with --json; stdout must hold exactly one JSON object. */
async function cliJson(harness: Harness, args: string[]) {
  const result = await harness.cli([...args, '--json']);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return { code: result.code, json: JSON.parse(lines[0]), stderr: result.stderr };
}

describe('contacts:import and contacts:generate', () => {
  let scratch: string;

  /** A database of its own for one test; no engine, or the test's own. */
  const freshDatabase = (label: string) => useHarness({ label, engine: 'none' });

  async function csvFile(name: string, lines: string[], eol = '\n'): Promise<string> {
    const file = path.join(scratch, name);
    await writeFile(file, lines.join(eol) + eol);
    return file;
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'le-contacts-'));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  describe('importing the fixture', () => {
    const env = freshDatabase('import');

    it('imports the good rows and rejects each bad one with its line number and reason', async () => {
      const { code, json } = await cliJson(env, ['contacts:import', FIXTURE]);
      expect(code).toBe(0);
      expect(json).toEqual({ imported: 5, updated: 0, rejected: 7, rejections: EXPECTED_REJECTIONS, urlsDropped: 0 });
      const analyzed = await env.query(
        `SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL AND relname IN ('companies', 'contacts') ORDER BY 1`,
      );
      expect(analyzed.map((row) => row.relname)).toEqual(['companies', 'contacts']);
    });

    it('stores trimmed values, normalized domains and country codes, and derived revenue bands and company types', async () => {
      const rows =
        await env.query(`SELECT c.id, c.first_name, c.last_name, c.email, c.email_status, c.phone, c.job_title, c.country_code, c.state,
                co.domain, co.name AS company, co.size_bucket, co.revenue_band, co.industry, co.company_type, co.founded, co.description
         FROM contacts c JOIN companies co ON co.id = c.company_id ORDER BY c.seq`);
      expect(rows).toEqual([
        expect.objectContaining({
          id: id(1),
          first_name: 'Ada',
          email_status: 'verified',
          phone: '+1 415 555 0101',
          country_code: 'US',
          domain: 'acme.io',
          size_bucket: '51 to 100',
          revenue_band: '$10M-50M',
          company_type: 'private',
          founded: 1998,
        }),
        expect.objectContaining({
          id: id(2),
          email_status: 'unknown',
          phone: null,
          domain: 'navy.mil',
          revenue_band: '$10B+',
          company_type: 'government',
        }),
        expect.objectContaining({
          id: id(4),
          job_title: 'Director, Programs',
          country_code: 'GB',
          company: 'Helpers, "Care" Trust',
          domain: 'helpers.org',
          revenue_band: '$0-1M',
          company_type: 'nonprofit',
          description: 'Nursing, care\nand statistics',
        }),
        expect.objectContaining({
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          first_name: 'Katherine',
          domain: 'state-u.edu',
          revenue_band: '$250M-1B',
          company_type: 'education',
        }),
        expect.objectContaining({
          id: id(9),
          first_name: 'Rosalind',
          job_title: 'Researcher',
          domain: 'kings.ac.uk',
          size_bucket: '',
          revenue_band: null,
          industry: 'Research',
          company_type: 'private',
          description: '',
        }),
      ]);
      expect(await env.query('SELECT count(*)::int AS n FROM companies')).toEqual([{ n: 5 }]);
    });

    it('updates on re-import by id: browse position kept, changed values replaced, no duplicates', async () => {
      const before = await env.query('SELECT id, seq FROM contacts ORDER BY seq');
      const { json } = await cliJson(env, ['contacts:import', FIXTURE]);
      // Every row with an id updates; the one without an id is a new contact each time.
      expect(json).toEqual({ imported: 1, updated: 4, rejected: 7, rejections: EXPECTED_REJECTIONS, urlsDropped: 0 });

      const changed = await csvFile('changed.csv', [
        'id,first_name,last_name,email,job_title,company_name,company_domain,country_code',
        `${id(1)},Ada,King,ada@acme.io,Countess,Acme Analytics,acme.io,GB`,
        `${id(2)},Grace,Hopper,grace@navy.mil,Rear Admiral,US Navy,navy.mil,US`,
      ]);
      expect((await cliJson(env, ['contacts:import', changed])).json).toEqual({
        imported: 0,
        updated: 2,
        rejected: 0,
        rejections: [],
        urlsDropped: 0,
      });

      const after = await env.query('SELECT id, seq FROM contacts ORDER BY seq');
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after).toHaveLength(before.length + 1);
      const [ada] = await env.query(
        `SELECT c.last_name, c.job_title, c.country_code, c.phone, c.state, co.size_bucket, co.industry, co.description
         FROM contacts c JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
        [id(1)],
      );
      // Columns the second file has are replaced; those it lacks, and blank company values, keep what was known.
      expect(ada).toEqual({
        last_name: 'King',
        job_title: 'Countess',
        country_code: 'GB',
        phone: '+1 415 555 0101',
        state: 'California',
        size_bucket: '51 to 100',
        industry: 'Computer Software',
        description: 'Engines for analysis',
      });
    });
  });

  const crlf = freshDatabase('crlf');
  it('reads CRLF files, including a CRLF inside a quoted field, with the same line numbers', async () => {
    const file = await csvFile('crlf.csv', readFileSync(FIXTURE, 'utf8').trimEnd().split('\n'), '\r\n');
    const { json } = await cliJson(crlf, ['contacts:import', file]);
    expect(json).toEqual({ imported: 5, updated: 0, rejected: 7, rejections: EXPECTED_REJECTIONS, urlsDropped: 0 });
    expect(await crlf.query(`SELECT description FROM companies WHERE domain = 'helpers.org'`)).toEqual([
      { description: 'Nursing, care\r\nand statistics' },
    ]);
  });

  const duplicate = freshDatabase('duplicate');
  it('keeps the last line of an id that appears twice, and counts the earlier one as updated', async () => {
    const file = await csvFile('duplicate.csv', [
      '\ufefffirst_name,last_name,email,job_title,company_name,company_domain,country_code,id',
      `Ada,Lovelace,ada@acme.io,Analyst,Acme,acme.io,US,${id(1)}`,
      `Bob,Byron,bob@acme.io,Poet,Acme,acme.io,US,${id(2)}`,
      `Ada,Lovelace,ada@acme.io,Chief Analyst,Acme,acme.io,US,${id(1)}`,
    ]);
    expect((await cliJson(duplicate, ['contacts:import', file])).json).toEqual({
      imported: 2,
      updated: 1,
      rejected: 0,
      rejections: [],
      urlsDropped: 0,
    });
    expect(await duplicate.query('SELECT id, job_title FROM contacts ORDER BY seq')).toEqual([
      { id: id(2), job_title: 'Poet' },
      { id: id(1), job_title: 'Chief Analyst' },
    ]);
  });

  const urls = freshDatabase('urls');
  it('keeps only http and https LinkedIn URLs: a row with another scheme is imported without it, and the report counts the URLs dropped', async () => {
    const file = await csvFile('urls.csv', [
      'id,first_name,last_name,email,job_title,company_name,company_domain,country_code,linkedin_url,company_linkedin',
      `${id(1)},Ada,Lovelace,ada@acme.io,Analyst,Acme,acme.io,US,https://www.linkedin.com/in/ada,http://www.linkedin.com/company/acme`,
      `${id(2)},Bob,Byron,bob@evil.io,Poet,Evil,evil.io,US,javascript:alert(document.cookie),"data:text/html,<script>alert(1)</script>"`,
      `${id(3)},Cy,Cole,cy@odd.io,Clerk,Odd,odd.io,US, JavaScript:alert(1) ,https://www.linkedin.com/company/odd`,
    ]);
    const { code, json } = await cliJson(urls, ['contacts:import', file]);
    expect(code).toBe(0);
    expect(json).toEqual({ imported: 3, updated: 0, rejected: 0, rejections: [], urlsDropped: 3 });
    expect(
      await urls.query(
        'SELECT c.id, c.linkedin_url, co.linkedin_url AS company_linkedin FROM contacts c JOIN companies co ON co.id = c.company_id ORDER BY c.id',
      ),
    ).toEqual([
      { id: id(1), linkedin_url: 'https://www.linkedin.com/in/ada', company_linkedin: 'http://www.linkedin.com/company/acme' },
      { id: id(2), linkedin_url: null, company_linkedin: null },
      { id: id(3), linkedin_url: null, company_linkedin: 'https://www.linkedin.com/company/odd' },
    ]);
    const text = await urls.cli(['contacts:import', file]);
    expect(text.stdout).toContain('Dropped 3 LinkedIn URLs that were not http or https; their rows were imported.');
  });

  const chunks = freshDatabase('chunks');
  it('loads a file larger than a chunk: an id repeated in a later chunk updates the earlier row in place', async () => {
    const rows = Array.from(
      { length: 60_000 },
      (_, n) => `${id(n + 1)},Person,${n + 1},p${n + 1}@co${n % 700}.io,Staff,Company ${n % 700},co${n % 700}.io,US`,
    );
    rows.push(`${id(10)},Person,Ten,ten@co9.io,Boss,Company 9,co9.io,US`);
    const file = await csvFile('chunks.csv', ['id,first_name,last_name,email,job_title,company_name,company_domain,country_code', ...rows]);
    expect((await cliJson(chunks, ['contacts:import', file])).json).toEqual({
      imported: 60_000,
      updated: 1,
      rejected: 0,
      rejections: [],
      urlsDropped: 0,
    });
    const [summary] = await chunks.query('SELECT count(*)::int AS n, count(DISTINCT company_id)::int AS companies FROM contacts');
    expect(summary).toEqual({ n: 60_000, companies: 700 });
    const ordered = await chunks.query('SELECT id FROM contacts ORDER BY seq');
    expect(ordered.map((row) => row.id)).toEqual(Array.from({ length: 60_000 }, (_, n) => id(n + 1)));
    expect(await chunks.query('SELECT last_name, job_title FROM contacts WHERE id = $1', [id(10)])).toEqual([
      { last_name: 'Ten', job_title: 'Boss' },
    ]);
    // A bulk load into the empty table dropped the read-only indexes and the foreign key and put them back.
    expect(await contactsSchema(chunks)).toEqual(CONTACTS_SCHEMA);

    // The same file again, now into a full table: every row is an update, browse positions kept.
    const seqs = await chunks.query('SELECT id, seq FROM contacts ORDER BY seq');
    expect((await cliJson(chunks, ['contacts:import', file])).json).toEqual({
      imported: 0,
      updated: 60_001,
      rejected: 0,
      rejections: [],
      urlsDropped: 0,
    });
    expect(await chunks.query('SELECT id, seq FROM contacts ORDER BY seq')).toEqual(seqs);
    expect(await contactsSchema(chunks)).toEqual(CONTACTS_SCHEMA);
  });

  const killed = freshDatabase('killed');
  it('leaves no contacts and every index and foreign key in place when a bulk load is killed', async () => {
    const rows = Array.from(
      { length: 400_000 },
      (_, n) =>
        `Person,${n},p${n}@co${n % 5000}.io,Staff,Company ${n % 5000},co${n % 5000}.io,US,"${'a note, long enough to take a while '.repeat(3)}"`,
    );
    const file = await csvFile('killed.csv', [
      'first_name,last_name,email,job_title,company_name,company_domain,country_code,notes',
      ...rows,
    ]);
    await killed.createAccount('migrate');
    const child = spawn(process.execPath, [path.join(__dirname, '../../apps/engine/dist/cli.js'), 'contacts:import', file], {
      env: { ...process.env, ...killed.environment.env },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      // The bulk load holds contacts alone while it copies; kill it as soon as it copies.
      await until('the bulk load to copy contacts', async () => {
        const [activity] = await killed.query(
          `SELECT count(*)::int AS copying FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY contacts %'`,
        );
        return activity.copying > 0 ? true : undefined;
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // Readers wait for the load's lock rather than see the table without its indexes; then see nothing of it.
    await until('the killed load to be rolled back', async () => {
      const [{ n }] = await killed.query('SELECT count(*)::int AS n FROM contacts');
      return n === 0 ? true : undefined;
    });
    expect(await contactsSchema(killed)).toEqual(CONTACTS_SCHEMA);
  });

  const header = freshDatabase('header');
  it('refuses a file without a required column, importing nothing', async () => {
    const file = await csvFile('no-email.csv', [
      'first_name,last_name,job_title,company_name,company_domain',
      'Ada,Lovelace,CTO,Acme,acme.io',
    ]);
    const { code, json, stderr } = await cliJson(header, ['contacts:import', file]);
    expect(code).toBe(1);
    expect(json.error).toMatch(/missing required columns: email, country_code/);
    expect(stderr).toMatch(/missing required columns/);
    expect(await header.query('SELECT count(*)::int AS n FROM contacts')).toEqual([{ n: 0 }]);
  });

  const nofile = freshDatabase('nofile');
  it('refuses a missing file with a clear message and exit code 1', async () => {
    const missing = path.join(scratch, 'nope.csv');
    const { code, json } = await cliJson(nofile, ['contacts:import', missing]);
    expect(code).toBe(1);
    expect(json).toEqual({ error: `No such file: ${missing}` });
  });

  const many = freshDatabase('many');
  it('reports the exact rejected count but lists at most 1000 rejections', async () => {
    const bad = Array.from({ length: 1200 }, (_, n) => `Ada,Lovelace,ada${n}@acme.io,CTO,Acme,acme.io,USA`);
    const file = await csvFile('many.csv', ['first_name,last_name,email,job_title,company_name,company_domain,country_code', ...bad]);
    const { json } = await cliJson(many, ['contacts:import', file]);
    expect(json.rejected).toBe(1200);
    expect(json.rejections).toHaveLength(1000);
    expect(json.rejections[999]).toEqual({ line: 1001, reason: 'invalid country_code: "USA" is not a two-letter code' });
  });

  const announce = freshDatabase('announce');
  it('tells running engines: an import shows up in their counts', async () => {
    const engine = await announce.startEngine();
    const subscriber = new Redis(announce.environment.redisUrl);
    try {
      const { apiKey } = await announce.createAccount('Counter');
      const count = async () => (await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} })).body.estimated_total;
      expect(await count()).toBe(0);
      const messages: string[] = [];
      subscriber.on('message', (channel) => messages.push(channel));
      await subscriber.subscribe(`${announce.environment.redisKeyPrefix}:contacts-changed`);

      expect((await cliJson(announce, ['contacts:import', FIXTURE])).json.imported).toBe(5);
      const deadline = Date.now() + 10_000;
      while ((await count()) !== 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await count()).toBe(5);
      expect(messages).toEqual([`${announce.environment.redisKeyPrefix}:contacts-changed`]);
    } finally {
      subscriber.disconnect();
      await engine.close();
    }
  });

  describe('contacts:generate', () => {
    const first = freshDatabase('generate_a');
    const second = freshDatabase('generate_b');
    it('generates exactly N contacts, the same ones in the same order for the same seed', async () => {
      expect((await cliJson(first, ['contacts:generate', '--count', '1500', '--seed', '7'])).json).toEqual({ generated: 1500, seed: 7 });
      expect((await cliJson(second, ['contacts:generate', '--count', '1500', '--seed', '7'])).json).toEqual({ generated: 1500, seed: 7 });

      const listing =
        'SELECT c.id, c.email, co.domain, co.revenue_band, co.company_type FROM contacts c JOIN companies co ON co.id = c.company_id ORDER BY c.seq';
      const a = await first.query(listing);
      const b = await second.query(listing);
      expect(a).toHaveLength(1500);
      expect(new Set(a.map((row) => row.id)).size).toBe(1500);
      expect(b).toEqual(a);
      expect(a.every((row) => row.revenue_band !== null)).toBe(true);

      // The same seed again updates the same contacts; another seed adds different ones.
      expect((await cliJson(first, ['contacts:generate', '--count', '1500', '--seed', '7'])).json).toEqual({ generated: 1500, seed: 7 });
      expect(await first.query(listing)).toEqual(a);
      expect((await cliJson(first, ['contacts:generate', '--count', '10'])).json).toEqual({ generated: 10, seed: 1 });
      expect(await first.query('SELECT count(*)::int AS n FROM contacts')).toEqual([{ n: 1510 }]);
    });

    const generateAnalyze = freshDatabase('generate_analyze');
    it('refreshes the planner statistics after a change of a tenth of the contacts, and leaves a smaller one to autovacuum', async () => {
      const analyses = async () =>
        generateAnalyze.query(
          `SELECT relname, analyze_count::int AS n FROM pg_stat_user_tables WHERE relname IN ('companies', 'contacts') ORDER BY 1`,
        );
      await cliJson(generateAnalyze, ['contacts:generate', '--count', '1000', '--seed', '3']);
      expect(await analyses()).toEqual([
        { relname: 'companies', n: 1 },
        { relname: 'contacts', n: 1 },
      ]);
      await cliJson(generateAnalyze, ['contacts:generate', '--count', '40', '--seed', '4']);
      expect(await analyses()).toEqual([
        { relname: 'companies', n: 1 },
        { relname: 'contacts', n: 1 },
      ]);
      await cliJson(generateAnalyze, ['contacts:generate', '--count', '300', '--seed', '5']);
      expect(await analyses()).toEqual([
        { relname: 'companies', n: 2 },
        { relname: 'contacts', n: 2 },
      ]);
    });

    const generateBad = freshDatabase('generate_bad');
    it('refuses a count that is not a whole number', async () => {
      const result = await generateBad.cli(['contacts:generate', '--count', 'many']);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/whole number/);
    });
  });

  describe('demo data', () => {
    const demo = freshDatabase('demo');
    it('loads DEMO_CONTACT_COUNT contacts on an empty database once, however many engines start together, and prints the demo key', async () => {
      const overrides = { DEMO_DATA: 'true', DEMO_CONTACT_COUNT: '3000' };
      const engines = await Promise.all([demo.spawnEngine(overrides), demo.spawnEngine({ ...overrides, ENGINE_ROLE: 'api' })]);
      try {
        const outputs = engines.map((engine) => engine.output());
        expect(outputs.filter((output) => output.includes('"msg":"demo contacts generated"'))).toHaveLength(1);
        const keys = outputs.flatMap((output) => output.match(/le_live_[A-Za-z0-9_-]{43}/g) ?? []);
        expect(keys).toHaveLength(1);
        expect(await demo.query('SELECT count(*)::int AS n FROM contacts')).toEqual([{ n: 3000 }]);
        for (const engine of engines) {
          const search = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey: keys[0], body: {} });
          expect(search.body.estimated_total).toBe(3000);
        }
      } finally {
        await Promise.all(engines.map((engine) => engine.stop()));
      }

      // A restart finds contacts and generates nothing more.
      const again = await demo.spawnEngine({ ...overrides, DEMO_CONTACT_COUNT: '5000' });
      try {
        expect(again.output()).not.toContain('demo contacts generated');
        expect(await demo.query('SELECT count(*)::int AS n FROM contacts')).toEqual([{ n: 3000 }]);
      } finally {
        await again.stop();
      }
    });
  });
});
