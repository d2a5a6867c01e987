import { Injectable } from '@nestjs/common';
import type { UsagePage, UsageQuery } from '@lead-engine/contracts';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { decodeUsageCursor, encodeUsageCursor } from '../usage-cursor';
import { toUsageEntry } from '../usage-entry-view';
import { usageFiltersOf } from '../usage-filters';
import { UsageLedgerRepository } from '../usage-ledger.repository';
import { usageAccountOf } from '../usage-viewer';

/** One page of the account's ledger, newest first; the page after it starts below its last row. */
@Injectable()
export class ListUsageUseCase {
  constructor(private readonly ledger: UsageLedgerRepository) {}

  async execute(viewer: ConsoleSessionPrincipal, query: UsageQuery): Promise<UsagePage> {
    const filters = usageFiltersOf(usageAccountOf(viewer), query);
    const after = query.cursor ? decodeUsageCursor(query.cursor) : null;
    const rows = await this.ledger.page(filters, after, query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toUsageEntry),
      next_cursor: rows.length > query.limit && last ? encodeUsageCursor({ at: last.at, id: last.id }) : null,
    };
  }
}
