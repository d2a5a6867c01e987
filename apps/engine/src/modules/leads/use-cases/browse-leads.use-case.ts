import { Inject, Injectable } from '@nestjs/common';
import type { BrowseRequest, BrowseResponse } from '@lead-engine/contracts';
import { liveFilterVocabulary, liveSize, normalizeFilters, scanLiveLeads, unknownFilterValues } from '@lead-engine/core';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { LeadIndex } from '../lead-index';
import { toMaskedLead } from '../lead-rows';
import { LeadsRepository } from '../leads.repository';
import { RevealedRowsCache } from '../revealed-rows-cache';
import { TextSearchBudget } from '../text-search-budget';

@Injectable()
export class BrowseLeadsUseCase {
  constructor(
    private readonly index: LeadIndex,
    private readonly leads: LeadsRepository,
    private readonly revealedRows: RevealedRowsCache,
    private readonly textSearch: TextSearchBudget,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async execute(accountId: string, request: BrowseRequest): Promise<BrowseResponse> {
    const { page, limit, ...filterSet } = request;
    const filters = normalizeFilters(filterSet);
    const table = await this.index.tableForRequest();
    const contacts = liveSize(table);
    const revealed = await this.revealedRows.revealedRows(accountId, table);
    const deadline = performance.now() + this.config.BROWSE_EXACT_TOTAL_BUDGET_MS;
    const scan = this.textSearch.run(() =>
      scanLiveLeads(table, filters, {
        excluded: revealed,
        offset: (page - 1) * limit,
        limit,
        stopOnceFilled: () => performance.now() > deadline,
      }),
    );
    const rows = await this.leads.findLeadsBySeq(scan.page);
    const exact = scan.scanned === contacts;
    const unknown = unknownFilterValues(filters, liveFilterVocabulary(table));
    return {
      page,
      limit,
      returned: rows.length,
      total: exact ? scan.available : Math.max(scan.available, Math.round((scan.available * contacts) / scan.scanned)),
      total_is_exact: exact,
      total_is_estimate: !exact,
      next_page: rows.length === limit ? page + 1 : null,
      leads: rows.map(toMaskedLead),
      note: exact
        ? null
        : `total estimated from the first ${scan.scanned} of ${contacts} contacts in browse order; POST /leads/search counts exactly`,
      ...(unknown && { unknown_values: unknown }),
    };
  }
}
