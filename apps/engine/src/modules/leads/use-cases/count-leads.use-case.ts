import { Injectable } from '@nestjs/common';
import type { CountResult, SearchRequest } from '@lead-engine/contracts';
import { countLeads, normalizeFilters } from '@lead-engine/core';
import { LeadIndex } from '../lead-index';
import { LeadsRepository } from '../leads.repository';
import { echoFilters } from './echo-filters';

@Injectable()
export class CountLeadsUseCase {
  constructor(
    private readonly index: LeadIndex,
    private readonly leads: LeadsRepository,
  ) {}

  async execute(request: SearchRequest): Promise<CountResult> {
    const filters = normalizeFilters(request);
    await this.leads.ping();
    const table = await this.index.table();
    const count = countLeads(table, filters);
    return {
      firmographic_total: count.firmographicTotal,
      firmographic_is_exact: true,
      estimated_total: count.total,
      basis: 'exact',
      note: `Counted exactly over all ${table.size} contacts, already revealed leads included.`,
      narrowed_by: count.narrowedBy,
      keywords: count.keywords,
      filters: echoFilters(filters),
    };
  }
}
