import { Inject, Injectable } from '@nestjs/common';
import type { UsageSelection } from '@lead-engine/contracts';
import { Readable } from 'node:stream';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { usageCsvHeader, usageCsvRows } from '../usage-csv';
import type { LedgerPosition } from '../usage-cursor';
import { toUsageEntry } from '../usage-entry-view';
import { usageFiltersOf } from '../usage-filters';
import { UsageLedgerRepository } from '../usage-ledger.repository';
import { usageAccountOf } from '../usage-viewer';

const ROWS_PER_READ = 500;

export interface UsageDownload {
  filename: string;
  body: Readable;
}

/**
 * The filtered ledger as CSV, read a keyset page at a time only as fast as the client takes it, so an
 * account's whole history streams in the memory of one page.
 */
@Injectable()
export class DownloadUsageUseCase {
  constructor(
    private readonly ledger: UsageLedgerRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(viewer: ConsoleSessionPrincipal, query: UsageSelection): UsageDownload {
    const filters = usageFiltersOf(usageAccountOf(viewer), query);
    const ledger = this.ledger;
    async function* csv(): AsyncGenerator<Buffer> {
      yield usageCsvHeader();
      let after: LedgerPosition | null = null;
      for (;;) {
        const rows = await ledger.page(filters, after, ROWS_PER_READ);
        if (rows.length > 0) yield usageCsvRows(rows.map(toUsageEntry));
        if (rows.length < ROWS_PER_READ) return;
        const last = rows[rows.length - 1];
        after = { at: last.at, id: last.id };
      }
    }
    const day = this.clock.now().toISOString().slice(0, 10);
    return { filename: `usage-${day}.csv`, body: Readable.from(csv(), { objectMode: false }) };
  }
}
