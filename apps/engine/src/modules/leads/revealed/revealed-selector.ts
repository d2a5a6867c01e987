import { Injectable } from '@nestjs/common';
import type { RevealedLeadsSelection } from '@lead-engine/contracts';
import { normalizeFilters, revealedSeqsMatching, selectsEveryLead } from '@lead-engine/core';
import { LeadIndex } from '../lead-index';
import { RevealedRowsCache } from '../revealed-rows-cache';
import { TextSearchBudget } from '../text-search-budget';
import type { RevealedSelection } from './revealed-leads.repository';

/**
 * What a revealed-leads read selects, in the reveals table's terms: the filters are the Leads page's, so
 * the lead table that answers Leads finds which revealed leads they match (without filters it is not
 * asked); text, reference and order are PostgreSQL's.
 */
@Injectable()
export class RevealedSelector {
  constructor(
    private readonly index: LeadIndex,
    private readonly revealedRows: RevealedRowsCache,
    private readonly textSearch: TextSearchBudget,
  ) {}

  async select(accountId: string, selection: RevealedLeadsSelection): Promise<RevealedSelection> {
    const { q, reference, ...filterSet } = selection;
    const filters = normalizeFilters(filterSet);
    let seqs: number[] | null = null;
    if (!selectsEveryLead(filters)) {
      const table = await this.index.tableForRequest();
      const revealed = await this.revealedRows.revealedRows(accountId, table);
      seqs = this.textSearch.run(() => revealedSeqsMatching(table, filters, revealed));
    }
    return { accountId, seqs, text: q ? q : null, reference: reference ?? null };
  }
}
