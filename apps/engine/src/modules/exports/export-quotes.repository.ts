import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export interface ExportQuote {
  id: string;
  requestDigest: string;
  credits: number;
  expiresAt: Date;
  /** The export this quote started, once used. */
  exportId: string | null;
}

@Injectable()
export class ExportQuotesRepository {
  async create(
    manager: EntityManager,
    quote: { id: string; accountId: string; apiKeyId: string | null; requestDigest: string; credits: number; expiresAt: Date },
  ): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO export_quotes (id, account_id, api_key_id, request_digest, credits, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [quote.id, quote.accountId, quote.apiKeyId, quote.requestDigest, quote.credits, quote.expiresAt],
    );
  }

  /** The account's quote, its row locked until the transaction ends; another account's is null like an unknown one. */
  async lockForAccount(manager: EntityManager, accountId: string, quoteId: string): Promise<ExportQuote | null> {
    const rows = await queryRows(
      manager,
      'SELECT id, request_digest, credits, expires_at, export_id FROM export_quotes WHERE id = $1 AND account_id = $2 FOR UPDATE',
      [quoteId, accountId],
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          requestDigest: row.request_digest,
          credits: row.credits,
          expiresAt: new Date(row.expires_at),
          exportId: row.export_id,
        }
      : null;
  }

  async markUsed(manager: EntityManager, quoteId: string, exportId: string): Promise<void> {
    await queryRows(manager, 'UPDATE export_quotes SET export_id = $2 WHERE id = $1', [quoteId, exportId]);
  }
}
