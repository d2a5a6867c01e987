import { Injectable } from '@nestjs/common';
import type { OperatorAccountPage, OperatorAccountSearchQuery } from '@lead-engine/contracts';
import { isUuid } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../../../infrastructure/database/keyset-cursor';
import { accountSearchTerms } from '../account-search-terms';
import { OperatorAccountsRepository } from '../operator-accounts.repository';

/** The Accounts page's search, newest account first. */
@Injectable()
export class SearchOperatorAccountsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: OperatorAccountsRepository,
  ) {}

  async execute(query: OperatorAccountSearchQuery): Promise<OperatorAccountPage> {
    const after = query.cursor ? decodeKeysetCursor(query.cursor, isUuid) : null;
    const rows = await this.accounts.search(this.dataSource.manager, accountSearchTerms(query.q), after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      items: page.map((row) => ({
        id: row.id,
        name: row.name,
        created_at: row.createdAt.toISOString(),
        balance: row.balance,
        plan: row.plan,
        users: row.users,
        keys: row.keys,
        last_activity_at: row.lastActivityAt ? row.lastActivityAt.toISOString() : null,
      })),
      next_cursor: rows.length > query.limit ? encodeKeysetCursor(page[page.length - 1].position) : null,
    };
  }
}
