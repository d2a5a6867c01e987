import { Client } from 'pg';
import type { ClientBase } from 'pg';
import type { LeadDataVersions } from './lead-data-version';

/** One PostgreSQL connection (a `pg.Client` or a pool's client): a snapshot's statements must share it. */
export type LeadTableConnection = Pick<ClientBase, 'query'>;

/** id, industry, size bucket, company type, description */
export type CompanyIndexRow = [id: number, industry: string, sizeBucket: string, companyType: string, description: string];

/** seq, company id, job title, seniority, department, country code */
export type ContactIndexRow = [
  seq: number,
  companyId: number,
  jobTitle: string,
  seniority: string,
  department: string,
  countryCode: string,
];

export interface LeadRowsShape extends LeadDataVersions {
  contacts: number;
  companies: number;
  descriptionBytes: number;
}

export interface LeadRowsReceiver {
  sizes(sizes: LeadRowsShape): void;
  companies(rows: CompanyIndexRow[]): void;
  contacts(rows: ContactIndexRow[]): void;
}

/** A contact's lead columns, then its company's: industry, size bucket, type and description. */
export type ChangedContactRow = [...ContactIndexRow, industry: string, sizeBucket: string, companyType: string, description: string];

export interface LeadChangesHeader extends LeadDataVersions {
  /** How many contacts were written since the version asked for. */
  contacts: number;
}

export interface LeadChanges extends LeadDataVersions {
  /** Contacts written since the version asked for, newest version of each, in seq order. */
  contacts: ChangedContactRow[];
}

export interface LeadChangesReceiver {
  /** Whether to read the contacts, knowing how many there are and the versions they bring a table to. */
  wants(header: LeadChangesHeader): boolean;
  /** The next batch, in seq order; the next is read once it is taken. */
  contacts(rows: ChangedContactRow[]): void | Promise<void>;
}

/** Rows per FETCH of the whole table's cursors. */
const ROWS_BATCH = 5_000;

/**
 * Rows per FETCH of changed contacts. A batch of 1,000 (about a megabyte of rows with their
 * descriptions) dies in the reading thread's 4 MB young generation; one of 5,000 outlived it, and
 * reading a 50,000-contact change grew the engine's RSS by 53 MB instead of 38 MB, in no less time.
 */
const CHANGES_BATCH = 1_000;

/**
 * Every statement on the lead table: contacts and companies as the in-memory lead table reads them,
 * and the lead data version they are read at. A plain class over one connection rather than a Nest
 * provider, because the load and changes threads use it, where there is no Nest and no TypeORM.
 */
export class LeadTableRepository {
  constructor(private readonly connection: LeadTableConnection) {}

  /** Runs `work` with the repository on a PostgreSQL connection of its own, apart from the engine's pool, closed after. */
  static async onOwnConnection<T>(databaseUrl: string, work: (leadTable: LeadTableRepository) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: databaseUrl, application_name: 'lead-engine-index', connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return await work(new LeadTableRepository(client));
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** The database's lead data versions now. */
  async dataVersions(): Promise<LeadDataVersions> {
    const { rows } = await this.connection.query<LeadDataVersions>(
      `SELECT dataset || ':' || version AS "dataVersion", reload_version::text AS "reloadVersion" FROM lead_data_version`,
    );
    return rows[0];
  }

  /** How many contacts were written since lead data version `version` (the number after the colon). */
  async contactsChangedSince(version: number): Promise<number> {
    const { rows } = await this.connection.query<{ changed: number }>(
      'SELECT count(*)::float8 AS changed FROM contacts WHERE lead_version > $1',
      [version],
    );
    return rows[0].changed;
  }

  /**
   * Reads, in one REPEATABLE READ snapshot, the row counts, then companies (by id) and contacts (by
   * seq) through cursors as arrays rather than objects, so memory holds one small batch at a time.
   */
  readAllRows(receiver: LeadRowsReceiver): Promise<void> {
    return this.inReadOnlySnapshot(async () => {
      const { rows } = await this.connection.query<LeadRowsShape>(
        `SELECT (SELECT dataset || ':' || version FROM lead_data_version) AS "dataVersion",
                (SELECT reload_version::text FROM lead_data_version) AS "reloadVersion",
                (SELECT count(*) FROM contacts)::float8 AS contacts,
                (SELECT count(*) FROM companies)::float8 AS companies,
                (SELECT coalesce(sum(octet_length(description) + 1), 0) FROM companies)::float8 AS "descriptionBytes"`,
      );
      receiver.sizes(rows[0]);
      await this.connection.query(`DECLARE companies_cursor NO SCROLL CURSOR FOR
        SELECT id::float8, industry, size_bucket, company_type, description FROM companies ORDER BY id`);
      await this.fetchToEnd<CompanyIndexRow>('companies_cursor', ROWS_BATCH, (batch) => receiver.companies(batch));
      await this.connection.query(`DECLARE contacts_cursor NO SCROLL CURSOR FOR
        SELECT seq::float8, company_id::float8, job_title, seniority, department, country_code FROM contacts ORDER BY seq`);
      await this.fetchToEnd<ContactIndexRow>('contacts_cursor', ROWS_BATCH, (batch) => receiver.contacts(batch));
    });
  }

  /**
   * The contacts changed since lead data version `sinceVersion` (the number after the colon), read in
   * one REPEATABLE READ snapshot with the versions they bring the table to, through a cursor in batches
   * so a large change is never held whole. Writers take versions in commit order (migration
   * 1763800800000), so nothing committed later can carry a version at or below the one read here.
   */
  streamChangesSince(sinceVersion: number, receiver: LeadChangesReceiver): Promise<LeadChangesHeader> {
    return this.inReadOnlySnapshot(async () => {
      // The cursor is read to its end: planned for its first rows (the default), it walked every contact
      // in seq order filtering on lead_version, where the index on lead_version and a sort of the few
      // changed rows is what a whole read wants (1% of 10M: 5.8 s to visible against 1.9 s).
      await this.connection.query('SET LOCAL cursor_tuple_fraction = 1');
      const { rows } = await this.connection.query<LeadChangesHeader>({
        text: `SELECT dataset || ':' || version AS "dataVersion", reload_version::text AS "reloadVersion",
                      (SELECT count(*) FROM contacts WHERE lead_version > $1)::float8 AS contacts
               FROM lead_data_version`,
        values: [sinceVersion],
      });
      const header = rows[0];
      if (receiver.wants(header)) {
        await this.connection.query({
          text: `DECLARE changes_cursor NO SCROLL CURSOR FOR
                 SELECT c.seq::float8, c.company_id::float8, c.job_title, c.seniority, c.department, c.country_code,
                        co.industry, co.size_bucket, co.company_type, co.description
                 FROM contacts c JOIN companies co ON co.id = c.company_id
                 WHERE c.lead_version > $1
                 ORDER BY c.seq`,
          values: [sinceVersion],
        });
        await this.fetchToEnd<ChangedContactRow>('changes_cursor', CHANGES_BATCH, (batch) => receiver.contacts(batch));
      }
      return header;
    });
  }

  /** Every change since the version at once; for a reader that wants them all in hand. */
  async readChangesSince(sinceVersion: number): Promise<LeadChanges> {
    const contacts: ChangedContactRow[] = [];
    const header = await this.streamChangesSince(sinceVersion, {
      wants: () => true,
      contacts: (rows) => {
        contacts.push(...rows);
      },
    });
    return { ...header, contacts };
  }

  private async inReadOnlySnapshot<T>(work: () => Promise<T>): Promise<T> {
    await this.connection.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const result = await work();
      await this.connection.query('COMMIT');
      return result;
    } catch (error) {
      await this.connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Fetches a cursor's rows as arrays, a batch at a time, the next once `take` is done with the last. */
  private async fetchToEnd<Row>(cursor: string, batch: number, take: (rows: Row[]) => void | Promise<void>): Promise<void> {
    for (;;) {
      const { rows } = await this.connection.query({ text: `FETCH ${batch} FROM ${cursor}`, rowMode: 'array' });
      if (rows.length === 0) return;
      await take(rows as Row[]);
    }
  }
}
