import { Injectable } from '@nestjs/common';
import type { FilterSet } from '@lead-engine/contracts';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { userNameSql } from '../../infrastructure/database/user-name-sql';

export interface SavedSearchRow {
  id: string;
  name: string;
  filters: FilterSet;
  createdAt: Date;
  createdBy: { id: string; name: string } | null;
}

// The search with who saved it: the user's current name, or null once that user is removed.
const SAVED_SEARCH_SELECT = `
  SELECT s.id, s.name, s.filters, s.created_at, u.id AS user_id, ${userNameSql('u')} AS user_name
  FROM saved_searches s
  LEFT JOIN users u ON u.id = s.created_by`;

/** The unique index on (account_id, lower(name)) refused a row: the name was taken meanwhile. */
export const isSavedSearchNameViolation = (error: unknown) => {
  const failure = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  const driver = failure?.driverError ?? failure;
  return driver?.code === '23505' && driver.constraint === 'saved_searches_account_name';
};

const savedSearchOf = (row: Record<string, any>): SavedSearchRow => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  createdAt: row.created_at,
  createdBy: row.user_id ? { id: row.user_id, name: row.user_name } : null,
});

/** The account's saved searches of the Leads page; every statement is scoped to one account. */
@Injectable()
export class SavedSearchesRepository {
  async list(manager: EntityManager, accountId: string): Promise<SavedSearchRow[]> {
    const rows = await queryRows(manager, `${SAVED_SEARCH_SELECT} WHERE s.account_id = $1 ORDER BY lower(s.name), s.created_at, s.id`, [
      accountId,
    ]);
    return rows.map(savedSearchOf);
  }

  /** Serializes creations for one account, so a count taken after it stays true until the transaction ends. */
  async lockAccount(manager: EntityManager, accountId: string): Promise<void> {
    await queryRows(manager, `SELECT pg_advisory_xact_lock(hashtextextended('saved_searches:' || $1, 0))`, [accountId]);
  }

  async countForAccount(manager: EntityManager, accountId: string): Promise<number> {
    const rows = await queryRows<{ count: number }>(manager, 'SELECT count(*)::int AS count FROM saved_searches WHERE account_id = $1', [
      accountId,
    ]);
    return rows[0].count;
  }

  /** Throws a unique violation (isSavedSearchNameViolation) when the name is taken. */
  async create(
    manager: EntityManager,
    search: { id: string; accountId: string; name: string; filters: FilterSet; createdBy: string },
  ): Promise<SavedSearchRow> {
    const rows = await queryRows(
      manager,
      `WITH created AS (
         INSERT INTO saved_searches (id, account_id, name, filters, created_by)
         VALUES ($1, $2, $3, $4::jsonb, $5)
         RETURNING *
       )
       ${SAVED_SEARCH_SELECT.replace('FROM saved_searches s', 'FROM created s')}`,
      [search.id, search.accountId, search.name, JSON.stringify(search.filters), search.createdBy],
    );
    return savedSearchOf(rows[0]);
  }

  /** Throws a unique violation (isSavedSearchNameViolation) when another search has the name. */
  async rename(manager: EntityManager, accountId: string, id: string, name: string): Promise<SavedSearchRow | null> {
    const rows = await queryRows(
      manager,
      `WITH renamed AS (
         UPDATE saved_searches SET name = $3 WHERE id = $2 AND account_id = $1 RETURNING *
       )
       ${SAVED_SEARCH_SELECT.replace('FROM saved_searches s', 'FROM renamed s')}`,
      [accountId, id, name],
    );
    return rows[0] ? savedSearchOf(rows[0]) : null;
  }

  async delete(manager: EntityManager, accountId: string, id: string): Promise<boolean> {
    const rows = await queryRows(manager, 'DELETE FROM saved_searches WHERE id = $2 AND account_id = $1 RETURNING id', [accountId, id]);
    return rows.length > 0;
  }
}
