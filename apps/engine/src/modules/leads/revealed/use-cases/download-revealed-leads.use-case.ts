import { Inject, Injectable } from '@nestjs/common';
import type { RevealedLeadsSelection } from '@lead-engine/contracts';
import { Readable } from 'node:stream';
import { Clock, CLOCK } from '../../../../infrastructure/clock/clock';
import { toRevealedLeadEntry } from '../revealed-lead-entry-view';
import { revealedLeadsCsvHeader, revealedLeadsCsvRows } from '../revealed-leads-csv';
import { RevealedLeadsRepository, RevealedPosition } from '../revealed-leads.repository';
import { RevealedSelector } from '../revealed-selector';

const ROWS_PER_READ = 500;

export interface RevealedLeadsDownload {
  filename: string;
  body: Readable;
}

/**
 * Every revealed lead the selection matches as CSV, free, read a keyset page at a time only as fast as
 * the client takes it: an account's million reveals stream in the memory of one page.
 */
@Injectable()
export class DownloadRevealedLeadsUseCase {
  constructor(
    private readonly selector: RevealedSelector,
    private readonly revealed: RevealedLeadsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(accountId: string, selection: RevealedLeadsSelection): Promise<RevealedLeadsDownload> {
    const selected = await this.selector.select(accountId, selection);
    const revealed = this.revealed;
    async function* csv(): AsyncGenerator<Buffer> {
      yield revealedLeadsCsvHeader();
      let after: RevealedPosition | null = null;
      for (;;) {
        const rows = await revealed.page(selected, after, ROWS_PER_READ);
        if (rows.length > 0) yield revealedLeadsCsvRows(rows.map(toRevealedLeadEntry));
        if (rows.length < ROWS_PER_READ) return;
        const last = rows[rows.length - 1];
        after = { at: last.at, seq: last.seq };
      }
    }
    const day = this.clock.now().toISOString().slice(0, 10);
    return { filename: `revealed-leads-${day}.csv`, body: Readable.from(csv(), { objectMode: false }) };
  }
}
