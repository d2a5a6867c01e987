import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryPooled } from '../../../infrastructure/database/query-rows';
import { LEAD_COLUMNS, LeadRow } from '../leads.repository';
import { userNameSql } from '../../../infrastructure/database/user-name-sql';

/** Which of an account's revealed leads a read selects. */
export interface RevealedSelection {
  accountId: string;
  /** Only these leads (the ones the filters match); null: no filter. */
  seqs: number[] | null;
  /** Text in the full name, company name or email. */
  text: string | null;
  /** Only the leads one reveal or export paid for. */
  reference: string | null;
}

/** Where a page ends: revealed_at exactly as PostgreSQL printed it, and the lead's seq. */
export interface RevealedPosition {
  at: string;
  seq: string;
}

export interface RevealedLeadRow extends LeadRow {
  at: string;
  revealed_at: Date;
  source: 'reveal' | 'export';
  reference: string;
  key_id: string | null;
  key_name: string | null;
  key_prefix: string | null;
  user_id: string | null;
  user_name: string | null;
}

/** `%text%` for ILIKE, its own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Reads of the reveals table for the account that owns them: newest first, by keyset, with who paid. */
@Injectable()
export class RevealedLeadsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(selection: RevealedSelection, after: RevealedPosition | null, limit: number): Promise<RevealedLeadRow[]> {
    const { where, params, joinsContacts } = this.selected(selection);
    const param = (value: unknown) => `$${params.push(value)}`;
    if (after) where.push(`(r.revealed_at, r.contact_seq) < (${param(after.at)}::timestamptz, ${param(after.seq)}::bigint)`);
    return queryPooled<RevealedLeadRow>(
      this.dataSource,
      `SELECT r.revealed_at::text AS at, r.revealed_at, r.source, r.reference, ${LEAD_COLUMNS},
              k.id AS key_id, k.name AS key_name, k.lookup_prefix AS key_prefix, u.id AS user_id, ${userNameSql('u')} AS user_name
       FROM (SELECT r.contact_id, r.contact_seq, r.source, r.reference, r.revealed_at FROM reveals r ${joinsContacts}
             WHERE ${where.join(' AND ')}
             ORDER BY r.revealed_at DESC, r.contact_seq DESC LIMIT ${param(limit)}) r
       JOIN contacts c ON c.id = r.contact_id
       JOIN companies co ON co.id = c.company_id
       LEFT JOIN LATERAL (SELECT l.api_key_id, l.user_id FROM credit_ledger l
                          WHERE l.account_id = $1 AND l.reference = r.reference AND l.kind = 'spend' LIMIT 1) paid ON true
       LEFT JOIN api_keys k ON k.id = paid.api_key_id
       LEFT JOIN users u ON u.id = COALESCE(k.created_by_user_id, paid.user_id)
       ORDER BY r.revealed_at DESC, r.contact_seq DESC`,
      params,
    );
  }

  async count(selection: RevealedSelection): Promise<number> {
    const { where, params, joinsContacts } = this.selected(selection);
    const rows = await queryPooled<{ total: string }>(
      this.dataSource,
      `SELECT count(*) AS total FROM reveals r ${joinsContacts} WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0].total);
  }

  private selected(selection: RevealedSelection) {
    const params: unknown[] = [selection.accountId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = ['r.account_id = $1'];
    if (selection.seqs) where.push(`r.contact_seq = ANY(${param(selection.seqs)}::bigint[])`);
    if (selection.reference) where.push(`r.reference = ${param(selection.reference)}`);
    let joinsContacts = '';
    if (selection.text) {
      const text = param(containing(selection.text));
      joinsContacts = 'JOIN contacts c ON c.id = r.contact_id JOIN companies co ON co.id = c.company_id';
      where.push(`(c.first_name || ' ' || c.last_name ILIKE ${text} OR co.name ILIKE ${text} OR c.email ILIKE ${text})`);
    }
    return { where, params, joinsContacts };
  }
}
