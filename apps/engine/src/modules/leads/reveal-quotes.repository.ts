import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

/** What a paid quote's reveal answered, less the contact details (read again, free, on a replay). */
export interface PaidQuoteOutcome {
  credits_charged: number;
  new_reveals: number;
  already_revealed: number;
  not_found: string[];
}

export interface RevealQuote {
  id: string;
  leadIdsDigest: string;
  credits: number;
  expiresAt: Date;
  outcome: PaidQuoteOutcome | null;
}

@Injectable()
export class RevealQuotesRepository {
  async create(
    manager: EntityManager,
    quote: {
      id: string;
      accountId: string;
      apiKeyId: string | null;
      leadIdsDigest: string;
      leadCount: number;
      credits: number;
      expiresAt: Date;
    },
  ): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO reveal_quotes (id, account_id, api_key_id, lead_ids_digest, lead_count, credits, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [quote.id, quote.accountId, quote.apiKeyId, quote.leadIdsDigest, quote.leadCount, quote.credits, quote.expiresAt],
    );
  }

  /** The account's quote, its row locked until the transaction ends; another account's is null like an unknown one. */
  async lockForAccount(manager: EntityManager, accountId: string, quoteId: string): Promise<RevealQuote | null> {
    const rows = await queryRows(
      manager,
      `SELECT id, lead_ids_digest, credits, expires_at, result FROM reveal_quotes WHERE id = $1 AND account_id = $2 FOR UPDATE`,
      [quoteId, accountId],
    );
    const row = rows[0];
    return row
      ? { id: row.id, leadIdsDigest: row.lead_ids_digest, credits: row.credits, expiresAt: new Date(row.expires_at), outcome: row.result }
      : null;
  }

  async markPaid(manager: EntityManager, quoteId: string, outcome: PaidQuoteOutcome): Promise<void> {
    await queryRows(manager, 'UPDATE reveal_quotes SET paid_at = now(), result = $2::jsonb WHERE id = $1', [
      quoteId,
      JSON.stringify(outcome),
    ]);
  }
}
