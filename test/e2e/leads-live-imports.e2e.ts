import { stringify } from 'csv-stringify/sync';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EngineProcess } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { until } from './support/until';

const SEEDED = 3000;
/** Far more than the second in which an engine hears of an import and applies it: a loaded machine must not fail this. */
const APPLIED_WITHIN_MS = 20_000;
const LANTERN = 'Chief Lantern Officer';

/** One row of a contacts CSV (contract §6); company columns left blank keep what the engine knew of an existing company. */
interface ImportRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  company_name: string;
  company_domain: string;
  country_code: string;
  company_size?: string;
  industry?: string;
  company_description?: string;
}

const IMPORT_COLUMNS: Array<keyof ImportRow> = [
  'id',
  'first_name',
  'last_name',
  'email',
  'job_title',
  'company_name',
  'company_domain',
  'country_code',
  'company_size',
  'industry',
  'company_description',
];

interface LeadTableReady {
  state: 'ready';
  contacts: number;
  source: string;
  loadedAt: string;
  reloading: boolean;
  merging: boolean;
  segments: number;
  dataVersion?: string;
  deltas?: number;
  deltaContacts?: number;
}

interface MaskedLead {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  companyDomain: string | null;
  linkedinUrl: string | null;
  jobTitle: string;
}

/**
 * Live imports (issue 23): contacts imported through the operator CLI reach every running engine as a
 * delta beside its loaded lead table, without reading the whole table again.
 */
describe('leads: live imports reach every engine as a delta', () => {
  const harness = useHarness({ label: 'live_imports', engine: 'none' });
  let scratch: string;
  let apiKey: string;
  let engines: EngineProcess[] = [];
  let imports = 0;

  const query = <T = any>(sql: string, params: unknown[] = []) => harness.query<T>(sql, params);

  /** Imports the rows as an operator does: a CSV through `contacts:import --json`. */
  async function importContacts(rows: ImportRow[]): Promise<{ imported: number; updated: number; rejected: number }> {
    const file = path.join(scratch, `import-${++imports}.csv`);
    await writeFile(file, stringify(rows, { header: true, columns: IMPORT_COLUMNS }));
    const result = await harness.cli(['contacts:import', file, '--json']);
    if (result.code !== 0) throw new Error(`contacts:import failed (${result.code}): ${result.stderr}`);
    return JSON.parse(result.stdout);
  }

  const newContact = (company: { name: string; domain: string }, title: string, n: number): ImportRow => {
    const tag = randomBytes(3).toString('hex');
    return {
      id: randomUUID(),
      first_name: `Lumen${n}`,
      last_name: `Wick${tag}`,
      email: `lumen${n}.${tag}@${company.domain}`,
      job_title: title,
      company_name: company.name,
      company_domain: company.domain,
      country_code: 'US',
    };
  };

  const health = async (engine: EngineProcess): Promise<LeadTableReady> => {
    const response = await http(engine.url, 'GET', '/health');
    expect(response.status).toBe(200);
    return response.body.leadTable;
  };
  const count = async (engine: EngineProcess, filters: object): Promise<number> => {
    const response = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: filters });
    expect(response.status).toBe(200);
    return response.body.estimated_total;
  };
  const browse = async (engine: EngineProcess, body: object) => {
    const response = await http(engine.url, 'POST', '/api/v1/leads/browse', { apiKey, body });
    expect(response.status).toBe(200);
    return response.body as { leads: MaskedLead[]; next_page: number | null; returned: number; total: number | null };
  };
  const browseAll = async (engine: EngineProcess, filters: object = {}): Promise<MaskedLead[]> => {
    const leads: MaskedLead[] = [];
    for (let page: number | null = 1; page;) {
      const body = await browse(engine, { ...filters, page, limit: 1000 });
      leads.push(...body.leads);
      page = body.next_page;
    }
    return leads;
  };
  /** How many contacts the filter listing counts under all countries together. */
  const countriesListed = async (engine: EngineProcess): Promise<number> => {
    const response = await http(engine.url, 'GET', '/api/v1/leads/filters?field=country', { apiKey });
    expect(response.status).toBe(200);
    return response.body.values.reduce((sum: number, { count }: { count: string }) => sum + Number(count), 0);
  };
  const outputs = () => engines.map((engine, index) => `--- engine ${index} ---\n${engine.output()}`).join('\n');
  /** Waits until every engine answers `expected` for the filters. */
  const untilEveryEngineCounts = (what: string, expected: Array<[object, number]>) =>
    until(
      what,
      async () => {
        for (const engine of engines)
          for (const [filters, total] of expected) if ((await count(engine, filters)) !== total) return undefined;
        return true;
      },
      outputs,
      APPLIED_WITHIN_MS,
    );

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'le-live-imports-'));
    harness.closeAfterAll(() => rm(scratch, { recursive: true, force: true }));
    // The contacts are there before any engine starts: each loads them as its table, and later imports are changes to it.
    expect((await harness.cli(['contacts:generate', '--count', String(SEEDED), '--seed', '23', '--json'])).code).toBe(0);
    // An account that reveals nothing, so browse shows every contact.
    ({ apiKey } = await harness.createAccount('Live imports'));
    engines = [await harness.spawnEngine(), await harness.spawnEngine({ ENGINE_ROLE: 'api' })];
    // Killed, not stopped, before the harness's own stop (then a no-op).
    harness.closeAfterAll(() => Promise.all(engines.map((running) => running.stop('SIGKILL'))));
    for (const engine of engines)
      await until(
        'the engine to be ready',
        async () => ((await http(engine.url, 'GET', '/ready')).status === 200 ? true : undefined),
        engine.output,
        60_000,
      );
    for (const engine of engines) expect(await health(engine)).toMatchObject({ state: 'ready', contacts: SEEDED });
  }, 120_000);

  it('an import through the CLI shows in both engines without a reload', async () => {
    const [existing] = await query<{ name: string; domain: string }>(
      'SELECT co.name, co.domain FROM companies co WHERE EXISTS (SELECT 1 FROM contacts c WHERE c.company_id = co.id) ORDER BY co.id LIMIT 1',
    );
    const brandNew = { name: 'Lantern Works', domain: `lantern-works-${randomBytes(3).toString('hex')}.io` };
    expect(await query('SELECT 1 FROM companies WHERE domain = $1', [brandNew.domain])).toEqual([]);
    const [{ max_seq: maxSeqBefore }] = await query<{ max_seq: string }>('SELECT max(seq) AS max_seq FROM contacts');

    const before = await Promise.all(engines.map(health));
    for (const [index, engine] of engines.entries()) {
      expect(before[index]).toMatchObject({ state: 'ready', contacts: SEEDED });
      expect(await count(engine, { jobTitles: [LANTERN] })).toBe(0);
    }

    const rows = [
      ...Array.from({ length: 5 }, (_, n) => newContact(existing, LANTERN, n)),
      {
        ...newContact(brandNew, LANTERN, 5),
        company_size: '11 to 50',
        industry: 'Computer Software',
        company_description: 'Lanterns for dark data centres',
      },
    ];
    expect(await importContacts(rows)).toMatchObject({ imported: rows.length, updated: 0, rejected: 0 });
    // New contacts come after every contact that was there: browse order is import order.
    const stored = await query<{ id: string; seq: string }>('SELECT id, seq FROM contacts WHERE id = ANY($1)', [rows.map((row) => row.id)]);
    expect(stored).toHaveLength(rows.length);
    for (const row of stored) expect(BigInt(row.seq)).toBeGreaterThan(BigInt(maxSeqBefore));

    await untilEveryEngineCounts('both engines to count the imported contacts', [[{ jobTitles: [LANTERN] }, rows.length]]);

    for (const engine of engines) {
      expect(await count(engine, {})).toBe(SEEDED + rows.length);
      // Browse finds them, masked like every other lead.
      const leads = await browseAll(engine, { jobTitles: [LANTERN] });
      expect(leads.map((lead) => lead.id).sort()).toEqual(rows.map((row) => row.id).sort());
      for (const lead of leads) {
        const row = rows.find((candidate) => candidate.id === lead.id)!;
        expect(lead).toMatchObject({
          firstName: row.first_name,
          lastName: `${row.last_name[0]}.`,
          jobTitle: LANTERN,
          companyName: row.company_name,
          companyDomain: null,
          linkedinUrl: null,
        });
        expect(lead.email).not.toBe(row.email);
        const topLevel = row.company_domain.split('.').pop()!;
        expect(lead.email).toMatch(new RegExp(`^l\\*+@\\*+\\.${topLevel}$`));
      }
    }

    const after = await Promise.all(engines.map(health));
    for (const [index, table] of after.entries()) {
      expect(table).toMatchObject({ state: 'ready', contacts: before[index].contacts + rows.length });
      // Applied as a delta: the table loaded at start answers still, with the change held beside it.
      expect({ engine: index, loadedAt: table.loadedAt }).toEqual({ engine: index, loadedAt: before[index].loadedAt });
      expect({ engine: index, deltas: table.deltas }).toEqual({ engine: index, deltas: expect.any(Number) });
      expect(table.deltas).toBeGreaterThanOrEqual(1);
      expect({ engine: index, deltaContacts: table.deltaContacts }).toEqual({ engine: index, deltaContacts: rows.length });
      expect(typeof table.dataVersion).toBe('string');
      expect(table.dataVersion).not.toBe(before[index].dataVersion);
    }
  }, 120_000);

  it("a re-import that changes a contact's title moves it between counts in both", async () => {
    const [contact] = await query<{
      id: string;
      seq: string;
      first_name: string;
      last_name: string;
      email: string;
      job_title: string;
      country_code: string;
      company_name: string;
      company_domain: string;
    }>(
      `SELECT c.id, c.seq, c.first_name, c.last_name, c.email, c.job_title, c.country_code, co.name AS company_name, co.domain AS company_domain
       FROM contacts c JOIN companies co ON co.id = c.company_id
       WHERE c.job_title <> '' AND c.job_title NOT ILIKE '%lantern%' ORDER BY c.seq OFFSET 100 LIMIT 1`,
    );
    const oldTitle = { jobTitles: [contact.job_title] };
    const newTitle = { jobTitles: ['Keeper of Moving Rows'] };
    const before = await Promise.all(engines.map(health));
    const oldCounts: number[] = [];
    const listedBefore = await Promise.all(engines.map(countriesListed));
    for (const engine of engines) {
      oldCounts.push(await count(engine, oldTitle));
      expect(await count(engine, newTitle)).toBe(0);
    }
    expect(oldCounts[1]).toBe(oldCounts[0]);
    expect(oldCounts[0]).toBeGreaterThanOrEqual(1);

    const changed: ImportRow = {
      id: contact.id,
      first_name: contact.first_name,
      last_name: contact.last_name,
      email: contact.email,
      job_title: newTitle.jobTitles[0],
      company_name: contact.company_name,
      company_domain: contact.company_domain,
      country_code: contact.country_code,
    };
    expect(await importContacts([changed])).toMatchObject({ imported: 0, updated: 1, rejected: 0 });
    // A re-import by id keeps the contact's browse position.
    expect(await query('SELECT seq FROM contacts WHERE id = $1', [contact.id])).toEqual([{ seq: contact.seq }]);

    await untilEveryEngineCounts('both engines to move the contact to its new title', [
      [oldTitle, oldCounts[0] - 1],
      [newTitle, 1],
    ]);

    // The listing counts the contact's new version only, not the one it replaced.
    expect(await Promise.all(engines.map(countriesListed))).toEqual(listedBefore);
    for (const engine of engines) {
      const found = await browseAll(engine, newTitle);
      expect(found.map((lead) => lead.id)).toEqual([contact.id]);
      expect(found[0].jobTitle).toBe(newTitle.jobTitles[0]);
    }
    const after = await Promise.all(engines.map(health));
    for (const [index, table] of after.entries()) {
      expect(table).toMatchObject({ state: 'ready', contacts: before[index].contacts });
      expect({ engine: index, loadedAt: table.loadedAt }).toEqual({ engine: index, loadedAt: before[index].loadedAt });
      expect(table.deltas).toBeGreaterThanOrEqual(1);
      expect(table.dataVersion).not.toBe(before[index].dataVersion);
    }
  }, 120_000);

  it('a browse paging through while imports and a merge happen never repeats or skips a row that existed before', async () => {
    const [existing] = await query<{ name: string; domain: string }>(
      'SELECT co.name, co.domain FROM companies co WHERE EXISTS (SELECT 1 FROM contacts c WHERE c.company_id = co.id) ORDER BY co.id DESC LIMIT 1',
    );
    const [{ n: contactsBefore }] = await query<{ n: number }>('SELECT count(*)::int AS n FROM contacts');
    const preexisting = (await browseAll(engines[0])).map((lead) => lead.id);
    expect(preexisting).toHaveLength(contactsBefore);
    expect(new Set(preexisting).size).toBe(preexisting.length);
    // Both engines answer the same browse before the walk starts.
    expect((await browseAll(engines[1])).map((lead) => lead.id)).toEqual(preexisting);
    const before = await Promise.all(engines.map(health));

    const imported: string[] = [];
    // Three contacts after each of these pages; after page 30, enough to take the changes past 5% of the
    // table (150 of 3000), which the engines add as a delta and then merge into the table's segments
    // (three, of 1000 contacts each, in these tests) while the walk goes on.
    const importAfterPages = new Map([
      [2, 3],
      [15, 3],
      [30, 145],
      [45, 3],
    ]);
    const seen: string[] = [];
    let page: number | null = 1;
    while (page) {
      // The engines take turns: a client behind a load balancer may reach either for each page.
      const body = await browse(engines[page % 2], { page, limit: 50 });
      seen.push(...body.leads.map((lead) => lead.id));
      const importing = importAfterPages.get(page);
      if (importing) {
        const rows = Array.from({ length: importing }, (_, n) => newContact(existing, 'Night Watch Lamplighter', 1000 * page! + n));
        expect(await importContacts(rows)).toMatchObject({ imported: rows.length, updated: 0, rejected: 0 });
        imported.push(...rows.map((row) => row.id));
      }
      page = body.next_page;
    }
    expect(imported).toHaveLength(154);

    const repeated = seen.filter((id, index) => seen.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    const seenOnce = new Set(seen);
    expect(preexisting.filter((id) => !seenOnce.has(id))).toEqual([]);
    // Pre-existing rows come in their browse order, before any row imported during the walk.
    expect(seen.slice(0, preexisting.length)).toEqual(preexisting);
    const known = new Set([...preexisting, ...imported]);
    expect(seen.filter((id) => !known.has(id))).toEqual([]);

    await untilEveryEngineCounts('both engines to count every import of the walk', [[{}, contactsBefore + imported.length]]);
    await until(
      'both engines to finish the merge',
      async () => {
        const tables = await Promise.all(engines.map(health));
        return tables.every((table) => !table.merging && !table.reloading && table.deltaContacts! < 150) ? true : undefined;
      },
      outputs,
      APPLIED_WITHIN_MS,
    );
    const after = await Promise.all(engines.map(health));
    for (const [index, table] of after.entries()) {
      expect(table).toMatchObject({ state: 'ready', contacts: contactsBefore + imported.length });
      // Merged into its segments, not loaded again whole: the same load, the imports now in its segments.
      expect({ engine: index, loadedAt: table.loadedAt, segments: table.segments }).toEqual({
        engine: index,
        loadedAt: before[index].loadedAt,
        segments: expect.any(Number),
      });
      expect(table.segments).toBeGreaterThanOrEqual(before[index].segments);
    }
    expect(outputs()).toContain('changes since the load passed 5% of the table');
    expect(outputs().split('lead table segments merged').length - 1).toBeGreaterThanOrEqual(engines.length);
    expect(outputs()).not.toContain('lead table loading again whole');
    expect(await browseAll(engines[0]).then((leads) => leads.map((lead) => lead.id))).toEqual(
      await browseAll(engines[1]).then((leads) => leads.map((lead) => lead.id)),
    );
  }, 180_000);
});
