import { Injectable } from '@nestjs/common';
import type { BrowseRequest, BrowseResponse } from '@lead-engine/contracts';
import { compileLeadQuery, normalizeFilters, scanLeads } from '@lead-engine/core';
import { LeadIndex } from '../lead-index';
import { toMaskedLead } from '../lead-rows';
import { LeadsRepository } from '../leads.repository';

@Injectable()
export class BrowseLeadsUseCase {
  constructor(
    private readonly index: LeadIndex,
    private readonly leads: LeadsRepository,
  ) {}

  async execute(accountId: string, request: BrowseRequest): Promise<BrowseResponse> {
    const { page, limit, ...filterSet } = request;
    const filters = normalizeFilters(filterSet);
    const [table, revealed] = await Promise.all([this.index.table(), this.leads.revealedSeqs(accountId)]);
    const scan = scanLeads(table, compileLeadQuery(table, filters), {
      excluded: revealed,
      offset: (page - 1) * limit,
      limit,
    });
    const rows = await this.leads.findLeadsBySeq(scan.page);
    return {
      page,
      limit,
      returned: rows.length,
      total: scan.available,
      total_is_exact: true,
      total_is_estimate: false,
      next_page: rows.length === limit ? page + 1 : null,
      leads: rows.map(toMaskedLead),
      note: null,
    };
  }
}
