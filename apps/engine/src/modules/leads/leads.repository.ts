import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export interface LeadRow {
  id: string;
  seq: string;
  first_name: string;
  last_name: string;
  email: string;
  email_status: string;
  phone: string | null;
  linkedin_url: string | null;
  job_title: string;
  seniority: string;
  department: string;
  country_code: string;
  country: string | null;
  state: string;
  city: string;
  enrichment_status: string;
  confidence_score: number;
  company_name: string;
  company_domain: string;
  size_bucket: string;
  revenue_band: string | null;
  founded: number | null;
  company_linkedin: string | null;
  industry: string;
  category: string | null;
}

/** A thousand rows scattered over a large table cost mostly page reads, which separate backends do side by side. */
const PARALLEL_READ_MIN_ROWS = 200;
const PARALLEL_READS = 3;

function splitForParallelReads<T>(values: T[]): T[][] {
  if (values.length === 0) return [];
  if (values.length < PARALLEL_READ_MIN_ROWS) return [values];
  const size = Math.ceil(values.length / PARALLEL_READS);
  return Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, (index + 1) * size));
}

export const LEAD_COLUMNS = `
  c.id, c.seq, c.first_name, c.last_name, c.email, c.email_status, c.phone, c.linkedin_url, c.job_title,
  c.seniority, c.department, c.country_code, c.country, c.state, c.city, c.enrichment_status, c.confidence_score,
  co.name AS company_name, co.domain AS company_domain, co.size_bucket, co.revenue_band, co.founded,
  co.linkedin_url AS company_linkedin, co.industry, co.category`;

/**
 * The account's next reveal version, taken by the statement that records reveals (the UPDATE locks the
 * account row, so concurrent statements take versions in commit order).
 */
const REVEALS_PER_PART = 100_000;

const NEXT_REVEAL_VERSION = `version AS (UPDATE accounts SET reveal_version = reveal_version + 1 WHERE id = $1 RETURNING reveal_version)`;

@Injectable()
export class LeadsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  /** Leads by browse position, in browse order. */
  findLeadsBySeq(seqs: number[]): Promise<LeadRow[]> {
    return this.readInParallel(seqs, 'c.seq = ANY($1::bigint[]) ORDER BY c.seq');
  }

  /** Leads by id, in no particular order. */
  findLeadsById(ids: string[]): Promise<LeadRow[]> {
    return this.readInParallel(ids, 'c.id = ANY($1::uuid[])');
  }

  /** Leads matching `where` for a list of keys; a long list is read in parts on separate connections, results in part order. */
  private async readInParallel<T>(keys: T[], where: string): Promise<LeadRow[]> {
    const sql = `SELECT ${LEAD_COLUMNS} FROM contacts c JOIN companies co ON co.id = c.company_id WHERE ${where}`;
    const parts = await Promise.all(splitForParallelReads(keys).map((part) => queryRows<LeadRow>(this.dataSource.manager, sql, [part])));
    return parts.flat();
  }

  /** The account's reveal version: it moves with every statement that records reveals for the account. */
  async revealVersion(accountId: string): Promise<number> {
    const rows = await queryRows<{ reveal_version: string }>(this.dataSource.manager, 'SELECT reveal_version FROM accounts WHERE id = $1', [
      accountId,
    ]);
    return Number(rows[0]?.reveal_version ?? 0);
  }

  /**
   * Seqs the account revealed or exported after `version` (all of them from -1), ascending, in parts of
   * REVEALS_PER_PART: an account with millions of reveals is never held as millions of row objects.
   */
  async *revealedSeqsAfter(accountId: string, version: number): AsyncGenerator<Float64Array> {
    let after = -1;
    for (;;) {
      const rows = await queryRows<{ contact_seq: string }>(
        this.dataSource.manager,
        `SELECT contact_seq FROM reveals WHERE account_id = $1 AND account_version > $2 AND contact_seq > $3
         ORDER BY contact_seq LIMIT ${REVEALS_PER_PART}`,
        [accountId, version, after],
      );
      if (rows.length === 0) return;
      const seqs = Float64Array.from(rows, (row) => Number(row.contact_seq));
      yield seqs;
      if (rows.length < REVEALS_PER_PART) return;
      after = seqs[seqs.length - 1];
    }
  }

  async alreadyRevealed(manager: EntityManager, accountId: string, contactIds: string[]): Promise<Set<string>> {
    if (contactIds.length === 0) return new Set();
    const rows = await queryRows<{ contact_id: string }>(
      manager,
      'SELECT contact_id FROM reveals WHERE account_id = $1 AND contact_id = ANY($2::uuid[])',
      [accountId, contactIds],
    );
    return new Set(rows.map((row) => row.contact_id));
  }

  async insertReveals(
    manager: EntityManager,
    accountId: string,
    contacts: Array<{ id: string; seq: string }>,
    source: 'reveal' | 'export',
    reference: string,
  ): Promise<number> {
    if (contacts.length === 0) return 0;
    const rows = await queryRows(
      manager,
      `WITH ${NEXT_REVEAL_VERSION}
       INSERT INTO reveals (account_id, contact_id, contact_seq, source, reference, account_version)
       SELECT $1, unnest($2::uuid[]), unnest($3::bigint[]), $4, $5, (SELECT reveal_version FROM version)
       ON CONFLICT DO NOTHING RETURNING contact_id`,
      [accountId, contacts.map((contact) => contact.id), contacts.map((contact) => contact.seq), source, reference],
    );
    return rows.length;
  }

  async lockAccount(manager: EntityManager, accountId: string): Promise<void> {
    await queryRows(manager, 'SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  }

  /**
   * Marks the leads at these seqs revealed, their ids looked up by PostgreSQL; the number marked. For a
   * caller that holds the account lock and left out what the account had revealed: a lead revealed
   * already is a unique violation here, never skipped.
   */
  async insertRevealsBySeq(
    manager: EntityManager,
    accountId: string,
    seqs: ArrayLike<number>,
    source: 'reveal' | 'export',
    reference: string,
  ): Promise<number> {
    if (seqs.length === 0) return 0;
    const rows = await queryRows<{ marked: number }>(
      manager,
      `WITH ${NEXT_REVEAL_VERSION},
       marked AS (
         INSERT INTO reveals (account_id, contact_id, contact_seq, source, reference, account_version)
         SELECT $1, c.id, c.seq, $3, $4, (SELECT reveal_version FROM version) FROM contacts c WHERE c.seq = ANY($2::bigint[])
         RETURNING 1)
       SELECT count(*)::int AS marked FROM marked`,
      [accountId, Array.from(seqs), source, reference],
    );
    return rows[0].marked;
  }
}
