import { Inject, Injectable } from '@nestjs/common';
import type { BrowseRequest, BrowseResponse } from '@lead-engine/contracts';
import { compileLeadQuery, normalizeFilters, scanLeads } from '@lead-engine/core';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { LeadIndex } from '../lead-index';
import { toMaskedLead } from '../lead-rows';
import { LeadsRepository } from '../leads.repository';
import { RevealedRowsCache } from '../revealed-rows-cache';

@Injectable()
export class BrowseLeadsUseCase {
  constructor(
    private readonly index: LeadIndex,
    private readonly leads: LeadsRepository,
    private readonly revealedRows: RevealedRowsCache,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async execute(accountId: string, request: BrowseRequest): Promise<BrowseResponse> {
    const { page, limit, ...filterSet } = request;
    const filters = normalizeFilters(filterSet);
    const table = await this.index.tableForRequest();
    const revealed = await this.revealedRows.revealedRows(accountId, table);
    const deadline = performance.now() + this.config.BROWSE_EXACT_TOTAL_BUDGET_MS;
    const scan = scanLeads(table, compileLeadQuery(table, filters), {
      excluded: revealed,
      offset: (page - 1) * limit,
      limit,
      stopOnceFilled: () => performance.now() > deadline,
    });
    const rows = await this.leads.findLeadsBySeq(scan.page);
    const exact = scan.scanned === table.size;
    return {
      page,
      limit,
      returned: rows.length,
      total: exact ? scan.available : Math.max(scan.available, Math.round((scan.available * table.size) / scan.scanned)),
      total_is_exact: exact,
      total_is_estimate: !exact,
      next_page: rows.length === limit ? page + 1 : null,
      leads: rows.map(toMaskedLead),
      note: exact
        ? null
        : `total estimated from the first ${scan.scanned} of ${table.size} contacts in browse order; POST /leads/search counts exactly`,
    };
  }
}
