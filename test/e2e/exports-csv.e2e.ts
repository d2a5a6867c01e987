import { EXPORT_CSV_COLUMNS } from '@lead-engine/contracts';
import { neutralizeFormula } from '@lead-engine/core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { EXPORT_CSV_HEADER, neutralizeFormulaSql } from '../../apps/engine/src/modules/exports/export-csv';
import { ExportsRepository } from '../../apps/engine/src/modules/exports/exports.repository';
import { useHarness } from './support/harness';
import { POSTGRES_URL } from './support/test-environment';

// Every character neutralizeFormula or RFC 4180 quoting cares about, and some it must not care about.
const ALPHABET = ['=', '+', '-', '@', '\t', '\r', '\n', '\r\n', ',', '"', "'", ' ', '\u00a0', '\u3000', '\u200b', '\v', '\f'];
const PLAIN = ['0', '7', '(', ')', '.', '/', 'a', 'Zoë', '東京', '😀', '\\', '\\.', 'NULL'];
const FIXED = [
  '',
  '=HYPERLINK("http://evil.example","Click")',
  '+1 415 555 0100',
  '+44 (20) 7946-0958',
  '-42',
  '-Jones',
  '@Mallory',
  '\t=1+1',
  '\r=1+1',
  '\t1',
  '+1\u30002',
  '+1\u200b2',
  'Acme, "Cloud" Inc.',
  'two\nlines',
  'two\r\nlines',
  '"',
  '""',
  ',',
  '\\.',
  'C++ Engineer',
];

/** A deterministic mix of the alphabets, so every run checks the same cells. */
function fuzzValues(count: number): string[] {
  let state = 42;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  const pool = [...ALPHABET, ...PLAIN];
  return Array.from({ length: count }, () => {
    const first = next(3) === 0 ? ALPHABET[next(6)] : '';
    return first + Array.from({ length: next(24) }, () => pool[next(pool.length)]).join('');
  });
}

interface Lead {
  seq: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  company_name: string;
  company_domain: string;
  job_title: string;
  seniority: string;
  department: string;
  industry: string;
  country: string | null;
  country_code: string;
  state: string;
  city: string;
  size_bucket: string;
  linkedin_url: string | null;
}

/**
 * What the export wrote before PostgreSQL wrote it, csv-stringify over neutralized cells, except that a
 * field holding a lone CR or LF is quoted now as RFC 4180 requires (csv-stringify leaves it bare once
 * the record delimiter is CRLF, which split such a record in two for any CSV reader).
 */
function referenceCsv(leads: Lead[], withHeader: boolean): string {
  const records = leads.map((row) =>
    [
      row.first_name,
      row.last_name,
      row.email,
      row.phone ?? '',
      row.company_name,
      row.company_domain,
      row.job_title,
      row.seniority,
      row.department,
      row.industry,
      row.country ?? row.country_code,
      row.state,
      row.city,
      row.size_bucket,
      row.linkedin_url ?? '',
    ].map((value) => neutralizeFormula(value)),
  );
  if (withHeader) records.unshift([...EXPORT_CSV_COLUMNS]);
  return stringify(records, { record_delimiter: 'windows', quote_record_delimiter: true });
}

describe('exports: the CSV PostgreSQL writes', () => {
  // The database holds only the two tables the export reads, no accounts or ledger to check.
  const harness = useHarness({ label: 'exports_csv', engine: 'none', ledgerInvariant: false });
  let admin: Client;
  let db: Client;
  let dataSource: DataSource;
  let repository: ExportsRepository;
  const leads: Lead[] = [];

  beforeAll(async () => {
    admin = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
    await admin.connect();
    harness.closeAfterAll(() => admin.end());
    await admin.query(`CREATE DATABASE "${new URL(harness.environment.databaseUrl).pathname.slice(1)}"`);
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
    // Only the columns the export reads, under the engine's table names.
    await db.query(`
      CREATE TABLE companies (id bigint PRIMARY KEY, name text NOT NULL, domain text NOT NULL, industry text NOT NULL, size_bucket text NOT NULL);
      CREATE TABLE contacts (seq bigint PRIMARY KEY, company_id bigint NOT NULL REFERENCES companies, first_name text NOT NULL,
        last_name text NOT NULL, email text NOT NULL, phone text, linkedin_url text, job_title text NOT NULL, seniority text NOT NULL,
        department text NOT NULL, country_code text NOT NULL, country text, state text NOT NULL, city text NOT NULL)`);
    const values = [...FIXED, ...fuzzValues(4000)];
    const cell = (row: number, column: number) => values[(row * 7 + column * 13) % values.length];
    for (let row = 0; row < 3000; row++) {
      leads.push({
        seq: row * 2 + 1,
        first_name: cell(row, 0),
        last_name: cell(row, 1),
        email: cell(row, 2),
        phone: row % 5 === 0 ? null : cell(row, 3),
        company_name: cell(row, 4),
        company_domain: cell(row, 5),
        job_title: cell(row, 6),
        seniority: cell(row, 7),
        department: cell(row, 8),
        industry: cell(row, 9),
        country: row % 4 === 0 ? null : cell(row, 10),
        country_code: cell(row, 11),
        state: cell(row, 12),
        city: cell(row, 13),
        size_bucket: cell(row, 14),
        linkedin_url: row % 3 === 0 ? null : cell(row, 15),
      });
    }
    const column = <K extends keyof Lead>(key: K) => leads.map((lead) => lead[key]);
    await db.query(`INSERT INTO companies SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])`, [
      column('seq'),
      column('company_name'),
      column('company_domain'),
      column('industry'),
      column('size_bucket'),
    ]);
    await db.query(
      `INSERT INTO contacts SELECT * FROM unnest($1::bigint[], $1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
        $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])`,
      [
        column('seq'),
        column('first_name'),
        column('last_name'),
        column('email'),
        column('phone'),
        column('linkedin_url'),
        column('job_title'),
        column('seniority'),
        column('department'),
        column('country_code'),
        column('country'),
        column('state'),
        column('city'),
      ],
    );
    dataSource = await new DataSource({ type: 'postgres', url: harness.environment.databaseUrl }).initialize();
    harness.closeAfterAll(() => dataSource.destroy());
    repository = new ExportsRepository(dataSource);
  });

  it('neutralizes formulas in SQL exactly as neutralizeFormula does', async () => {
    const values = [
      ...FIXED,
      ...fuzzValues(4000),
      ...Array.from({ length: 0x3100 }, (_, code) => `+1${String.fromCharCode(code)}2`),
    ].filter((value) => !value.includes('\u0000'));
    const { rows } = await db.query(
      `SELECT ${neutralizeFormulaSql('v')} AS safe FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n`,
      [values],
    );
    const mismatches = values.filter((value, index) => rows[index].safe !== neutralizeFormula(value));
    expect(mismatches).toEqual([]);
  });

  it('writes the records byte for byte as csv-stringify did, in seq order, with the row count', async () => {
    const wanted = leads.filter((lead) => lead.seq % 3 !== 0);
    const seqs = wanted.map((lead) => lead.seq).reverse();
    const records = await repository.withCsvReader((read) => read(seqs));
    expect(records.rows).toBe(wanted.length);
    expect(records.data.length).toBeGreaterThan(150_000);
    const expected = referenceCsv(wanted, false);
    expect(records.data.toString('utf8')).toBe(expected);
    expect(Buffer.concat([EXPORT_CSV_HEADER, records.data]).toString('utf8')).toBe(referenceCsv(wanted, true));
  });

  it('quotes a field with a line break of any kind, and keeps the break as it is', async () => {
    const breaks = leads.filter((lead) => /^[^"\r\n,]*[\r\n][^"\r\n,]*$/.test(lead.first_name) && !/^[=+\-@\t\r]/.test(lead.first_name));
    expect(breaks.length).toBeGreaterThan(5);
    const records = await repository.withCsvReader((read) => read(breaks.map((lead) => lead.seq)));
    const parsed: string[][] = parse(records.data);
    expect(parsed.map((record) => record[0])).toEqual(breaks.map((lead) => lead.first_name));
    expect(parsed.every((record) => record.length === EXPORT_CSV_COLUMNS.length)).toBe(true);
  });

  it('answers nothing for no seqs or seqs without a contact, refuses non-integer seqs, and survives a failure mid-read', async () => {
    expect(await repository.withCsvReader((read) => read([]))).toEqual({ data: Buffer.alloc(0), rows: 0 });
    expect(await repository.withCsvReader((read) => read([2, 4]))).toEqual({ data: Buffer.alloc(0), rows: 0 });
    await expect(repository.withCsvReader((read) => read([1.5]))).rejects.toThrow(/not a seq/);
    const everything = leads.map((lead) => lead.seq);
    await expect(
      repository.withCsvReader(async (read) => {
        read(everything).catch(() => undefined);
        throw new Error('delivery failed');
      }),
    ).rejects.toThrow('delivery failed');
    const again = await repository.withCsvReader(async (read) => [await read([1]), await read([3, 5])]);
    expect(again.map((records) => records.rows)).toEqual([1, 2]);
  });
});
