import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataSource, EntityManager } from 'typeorm';
import { withPooledConnection } from '../../infrastructure/database/postgres-pool';
import { queryRows } from '../../infrastructure/database/query-rows';
import { COMPANY_STAGING_COLUMNS, CONTACT_FIELDS, CONTACT_STAGING_COLUMNS, CONTACT_TABLE_COLUMNS, ContactField } from './staging-line';
import { ADVISORY_LOCKS } from '../../infrastructure/database/advisory-locks';

export { CONTACT_FIELDS } from './staging-line';
export type { ContactField } from './staging-line';

export interface CompanyWrite {
  /** Company id by domain, for every staged company. */
  ids: Map<string, string>;
  /** Companies inserted or changed. */
  changed: number;
}

export interface ContactMerge {
  inserted: number;
  /** Existing contacts whose values changed (an identical row changes nothing). */
  modified: number;
  /** Every id was new: the plain insert went through. */
  allNew: boolean;
}

export interface ContactBatch {
  /** COPY text of the contact staging lines. */
  lines: Iterable<Buffer>;
  /** Browse positions by ordinal, a PostgreSQL array literal (see reserveSeqs). */
  seqs: string;
  /** Company ids by company ordinal (1-based). */
  companyIds: readonly string[];
  /**
   * Try a plain insert first. Cheaper when every id is new (no conflict check per row); when an id
   * exists, or repeats within the batch, the insert fails and is redone as an upsert.
   */
  expectNew: boolean;
}

/** The share of the contacts a change must reach for the loader to refresh the planner statistics itself (autovacuum's default). */
const STALE_STATISTICS_SHARE = 0.1;

const STAGING_TABLES = `
  CREATE TEMP TABLE IF NOT EXISTS contact_staging (
    ordinal integer NOT NULL,
    company_ordinal integer NOT NULL,
    id uuid NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    email_status text NOT NULL,
    phone text,
    linkedin_url text,
    job_title text NOT NULL,
    seniority text NOT NULL,
    department text NOT NULL,
    country_code text NOT NULL,
    country text,
    state text NOT NULL,
    city text NOT NULL
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS company_staging (
    domain text NOT NULL,
    name text NOT NULL,
    size_bucket text,
    revenue_band text,
    industry text,
    company_type text NOT NULL,
    category text,
    founded integer,
    linkedin_url text,
    description text
  ) ON COMMIT DELETE ROWS`;

// What a company becomes: the import's values, except that a blank keeps what is already known.
const COMPANY_UPDATE: ReadonlyArray<readonly [string, string]> = [
  ['name', 'EXCLUDED.name'],
  ['size_bucket', `CASE WHEN EXCLUDED.size_bucket = '' THEN co.size_bucket ELSE EXCLUDED.size_bucket END`],
  ['revenue_band', `CASE WHEN EXCLUDED.size_bucket = '' THEN co.revenue_band ELSE EXCLUDED.revenue_band END`],
  ['industry', `CASE WHEN EXCLUDED.industry = '' THEN co.industry ELSE EXCLUDED.industry END`],
  ['company_type', `CASE WHEN EXCLUDED.industry = '' THEN co.company_type ELSE EXCLUDED.company_type END`],
  ['category', 'coalesce(EXCLUDED.category, co.category)'],
  ['founded', 'coalesce(EXCLUDED.founded, co.founded)'],
  ['linkedin_url', 'coalesce(EXCLUDED.linkedin_url, co.linkedin_url)'],
  ['description', `CASE WHEN EXCLUDED.description = '' THEN co.description ELSE EXCLUDED.description END`],
];

// One staged row per domain, taken in byte order so that concurrent loads lock companies in the same order.
const UPSERT_COMPANIES = `
  INSERT INTO companies AS co (domain, name, size_bucket, revenue_band, industry, category, company_type, founded, linkedin_url, description)
  SELECT domain, name, coalesce(size_bucket, ''), revenue_band, coalesce(industry, ''), category, company_type, founded, linkedin_url,
         coalesce(description, '')
  FROM company_staging ORDER BY domain COLLATE "C"
  ON CONFLICT (domain) DO UPDATE SET ${COMPANY_UPDATE.map(([column, value]) => `${column} = ${value}`).join(', ')}, updated_at = now()
  WHERE (${COMPANY_UPDATE.map(([column]) => `co.${column}`).join(', ')})
    IS DISTINCT FROM (${COMPANY_UPDATE.map(([, value]) => value).join(', ')})
  RETURNING co.id, co.domain`;

// seq is written explicitly, reserved from the column's sequence in file order, so that several
// connections can merge one chunk and browse order still follows the file; an update never touches it.
// $1 holds the chunk's browse positions by ordinal, $2 its company ids by company ordinal.
function stagedContacts(latestOfEachId: boolean): string {
  const rows = latestOfEachId ? '(SELECT DISTINCT ON (id) * FROM contact_staging ORDER BY id, ordinal DESC)' : 'contact_staging';
  return `
    INSERT INTO contacts AS c (seq, id, company_id, ${CONTACT_FIELDS.join(', ')})
    SELECT ($1::bigint[])[ordinal], id, ($2::bigint[])[company_ordinal], ${CONTACT_FIELDS.join(', ')} FROM ${rows} staged`;
}

const INSERT_NEW_CONTACTS = stagedContacts(false);

function upsertContactsSql(fields: readonly ContactField[]): string {
  const updated = ['company_id', ...fields];
  return `
    WITH merged AS (
      ${stagedContacts(true)}
      ON CONFLICT (id) DO UPDATE SET ${updated.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, updated_at = now()
      WHERE (${updated.map((column) => `c.${column}`).join(', ')}) IS DISTINCT FROM (${updated.map((column) => `EXCLUDED.${column}`).join(', ')})
      RETURNING xmax = 0 AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS modified FROM merged`;
}

/**
 * Why a plain insert of a batch may fail and be redone as an upsert: an id exists or repeats, or a
 * concurrent load inserts the same new ids in another order (the upsert takes them sorted).
 */
function calledForUpsert(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return (code === '23505' && constraint === 'contacts_pkey') || code === '40P01';
}

/**
 * The indexes and foreign keys of contacts that no insert or upsert needs (not the primary key or a
 * unique constraint), with the statements that drop and re-create them.
 */
const REBUILDABLE_SCHEMA = `
  SELECT format('DROP INDEX %I.%I', n.nspname, c.relname) AS drop, pg_get_indexdef(i.indexrelid) AS create
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE i.indrelid = 'contacts'::regclass AND NOT i.indisunique AND NOT i.indisprimary AND i.indisvalid
  UNION ALL
  SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname),
         format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
  FROM pg_constraint WHERE conrelid = 'contacts'::regclass AND contype = 'f'`;

/** What a bulk load set aside, to put back before it commits. */
export interface BulkLoad {
  recreate: string[];
}

/** A PostgreSQL array literal of whole numbers. */
const numberArray = (values: readonly string[]) => `{${values.join(',')}}`;

/** COPYs text into a table; answers the rows copied. */
async function copyInto(client: PoolClient, target: string, text: Iterable<Buffer>): Promise<number> {
  const copy = client.query(copyFrom(`COPY ${target} FROM STDIN`));
  await pipeline(Readable.from(text), copy);
  return copy.rowCount;
}

/** The only code that writes contacts and companies: staging tables filled by COPY, merged by SQL. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A pooled connection of its own for COPY (see withPooledConnection). */
  withBulkConnection<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withPooledConnection(this.dataSource, work);
  }

  async createStaging(client: PoolClient): Promise<void> {
    await client.query(STAGING_TABLES);
  }

  async dropStaging(client: PoolClient): Promise<void> {
    await client.query('DROP TABLE IF EXISTS contact_staging, company_staging');
  }

  /** Starts a load transaction: commits need not wait for the disk (see makeCommitsDurable). */
  async begin(client: PoolClient): Promise<void> {
    await client.query(`BEGIN; SET LOCAL synchronous_commit = off; SET LOCAL jit = off; SET LOCAL work_mem = '64MB'`);
  }

  async commit(client: PoolClient): Promise<void> {
    await client.query('COMMIT');
  }

  async rollback(client: PoolClient): Promise<void> {
    await client.query('ROLLBACK');
  }

  /**
   * Starts one transaction for a large load into a (nearly) empty contacts table: locks companies and
   * contacts, then drops the contacts indexes and foreign keys that only reads need, to be re-created
   * in one pass each by finishBulkLoad. PostgreSQL's DDL is transactional, so whatever ends the
   * transaction early (an error, a killed process, a crash) leaves them as they were; and the locks keep
   * every other session out of both tables until the load commits, so none sees the tables without them
   * or half loaded. Answers null, leaving no transaction open, when the tables are busy (`lockWaitMs`) or
   * contacts has more than `maxExisting` rows.
   */
  async beginBulkLoad(client: PoolClient, maxExisting: number, lockWaitMs: number): Promise<BulkLoad | null> {
    await client.query(
      `BEGIN; SET LOCAL synchronous_commit = off; SET LOCAL jit = off; SET LOCAL work_mem = '64MB'; ` +
        `SET LOCAL lock_timeout = ${Math.round(lockWaitMs)}`,
    );
    try {
      await client.query('LOCK TABLE companies, contacts IN ACCESS EXCLUSIVE MODE');
      await client.query('SET LOCAL lock_timeout = 0');
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT FROM contacts LIMIT $1) existing', [
        maxExisting + 1,
      ]);
      if (rows[0].n > maxExisting) {
        await client.query('ROLLBACK');
        return null;
      }
    } catch (error) {
      await client.query('ROLLBACK');
      if ((error as { code?: string }).code === '55P03') return null;
      throw error;
    }
    const deferred = await client.query<{ drop: string; create: string }>(REBUILDABLE_SCHEMA);
    for (const { drop } of deferred.rows) await client.query(drop);
    return { recreate: deferred.rows.map((row) => row.create) };
  }

  /** Re-creates what beginBulkLoad dropped (a foreign key is checked in one pass as it is added) and commits. */
  async finishBulkLoad(client: PoolClient, bulk: BulkLoad): Promise<void> {
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const statement of bulk.recreate) await client.query(statement);
    await client.query('COMMIT');
  }

  /**
   * Inside a bulk load: COPYs contacts straight into the table, each taking the next browse position.
   * Answers how many, or null (having written nothing) when an id exists already or repeats.
   */
  async copyNewContacts(client: PoolClient, lines: Iterable<Buffer>): Promise<number | null> {
    await client.query('SAVEPOINT copy_new');
    try {
      const copied = await copyInto(client, `contacts (${CONTACT_TABLE_COLUMNS.join(', ')})`, lines);
      await client.query('RELEASE SAVEPOINT copy_new');
      return copied;
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code !== '23505' || constraint !== 'contacts_pkey') throw error;
      await client.query('ROLLBACK TO SAVEPOINT copy_new');
      return null;
    }
  }

  /** The load's commits were asynchronous; one synchronous commit flushes the WAL of all of them. */
  async makeCommitsDurable(client: PoolClient): Promise<void> {
    await client.query('BEGIN; SELECT txid_current(); COMMIT');
  }

  /**
   * Fresh planner statistics after a bulk change of as many rows (companies and contacts) as a tenth
   * of the contacts, or to a table never analyzed, so the next queries (an export's seq lookups, the
   * merge of the next import) are planned for the table as it now is, autovacuum or not. A smaller
   * change moves no estimate that matters and is left to autovacuum: ANALYZE reads a 30,000-row
   * sample whatever the change, a second of a core at 1M contacts that the engines serving requests on
   * the same machine would feel.
   */
  async refreshStatisticsAfter(client: PoolClient, changedRows: number): Promise<void> {
    const { rows } = await client.query<{ rows: number }>(
      `SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'contacts'::regclass`,
    );
    const estimated = rows[0]?.rows ?? -1;
    if (estimated >= 0 && changedRows < estimated * STALE_STATISTICS_SHARE) return;
    await client.query('ANALYZE companies, contacts');
  }

  /** `count` browse positions from the contacts' sequence, ascending, as a PostgreSQL array literal. */
  async reserveSeqs(client: PoolClient, count: number): Promise<string> {
    const { rows } = await client.query<{ seqs: string }>(
      `SELECT '{' || string_agg(seq::text, ',' ORDER BY seq) || '}' AS seqs
       FROM (SELECT nextval('contacts_seq_seq'::regclass) AS seq FROM generate_series(1, $1)) reserved`,
      [count],
    );
    return rows[0].seqs;
  }

  /** Upserts the staged companies; answers every staged domain's id, changed or not. */
  async writeCompanies(client: PoolClient, lines: Iterable<Buffer>, domains: readonly string[]): Promise<CompanyWrite> {
    await client.query('TRUNCATE company_staging');
    await copyInto(client, `company_staging (${COMPANY_STAGING_COLUMNS.join(', ')})`, lines);
    const upserted = await client.query<{ id: string; domain: string }>(UPSERT_COMPANIES);
    const ids = new Map(upserted.rows.map((row) => [row.domain, row.id]));
    // Companies the upsert left as they were; a statement of its own also sees rows another load just committed.
    const unchanged = domains.filter((domain) => !ids.has(domain));
    if (unchanged.length > 0) for (const [domain, id] of await this.findCompanyIds(client, unchanged)) ids.set(domain, id);
    return { ids, changed: upserted.rows.length };
  }

  /** Ids of existing companies by domain. */
  async findCompanyIds(client: PoolClient, domains: readonly string[]): Promise<Map<string, string>> {
    const found = await client.query<{ id: string; domain: string }>('SELECT id, domain FROM companies WHERE domain = ANY($1::text[])', [
      domains,
    ]);
    return new Map(found.rows.map((row) => [row.domain, row.id]));
  }

  /** Inserts or updates a batch of contacts by id; the last row of an id wins. Call inside a transaction. */
  async mergeContacts(client: PoolClient, batch: ContactBatch, fields: readonly ContactField[]): Promise<ContactMerge> {
    await client.query('TRUNCATE contact_staging');
    await copyInto(client, `contact_staging (${CONTACT_STAGING_COLUMNS.join(', ')})`, batch.lines);
    const params = [batch.seqs, numberArray(batch.companyIds)];
    if (batch.expectNew) {
      await client.query('SAVEPOINT insert_new');
      try {
        const inserted = await client.query(INSERT_NEW_CONTACTS, params);
        await client.query('RELEASE SAVEPOINT insert_new');
        return { inserted: inserted.rowCount ?? 0, modified: 0, allNew: true };
      } catch (error) {
        if (!calledForUpsert(error)) throw error;
        await client.query('ROLLBACK TO SAVEPOINT insert_new');
      }
    }
    const { rows } = await client.query<{ inserted: number; modified: number }>(upsertContactsSql(fields), params);
    return { ...rows[0], allNew: false };
  }

  /** The demo data set's set-up lock, session-level: held on the caller's connection until unlock or until that connection ends. */
  async lockDemoContactsSetUp(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.demoContacts]);
  }

  async unlockDemoContactsSetUp(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.demoContacts]);
  }

  async hasContacts(): Promise<boolean> {
    const rows = await queryRows<{ present: boolean }>(this.dataSource.manager, 'SELECT EXISTS (SELECT 1 FROM contacts) AS present');
    return rows[0].present;
  }
}
