import { Injectable } from '@nestjs/common';
import type { RevealedLeadsPage, RevealedLeadsRequest } from '@lead-engine/contracts';
import { decodeRevealedCursor, encodeRevealedCursor } from '../revealed-cursor';
import { toRevealedLeadEntry } from '../revealed-lead-entry-view';
import { RevealedLeadsRepository } from '../revealed-leads.repository';
import { RevealedSelector } from '../revealed-selector';

/** One page of the leads the account paid for, newest first, free: the page after it starts below its last row. */
@Injectable()
export class ListRevealedLeadsUseCase {
  constructor(
    private readonly selector: RevealedSelector,
    private readonly revealed: RevealedLeadsRepository,
  ) {}

  async execute(accountId: string, request: RevealedLeadsRequest): Promise<RevealedLeadsPage> {
    const { cursor, limit, ...selection } = request;
    const after = cursor ? decodeRevealedCursor(cursor) : null;
    const selected = await this.selector.select(accountId, selection);
    const [rows, total] = await Promise.all([this.revealed.page(selected, after, limit + 1), this.revealed.count(selected)]);
    const leads = rows.slice(0, limit);
    const last = leads[leads.length - 1];
    return {
      leads: leads.map(toRevealedLeadEntry),
      total,
      next_cursor: rows.length > limit && last ? encodeRevealedCursor({ at: last.at, seq: last.seq }) : null,
    };
  }
}
