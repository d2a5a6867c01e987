import { Injectable } from '@nestjs/common';
import type { CountResult, SearchRequest } from '@lead-engine/contracts';
import { countLiveLeads, liveFilterVocabulary, liveSize, normalizeFilters, unknownFilterValues } from '@lead-engine/core';
import { CountBudget } from '../count-budget';
import { LeadIndex } from '../lead-index';
import { LeadsRepository } from '../leads.repository';
import { TextSearchBudget } from '../text-search-budget';
import { echoFilters } from './echo-filters';

const formatted = (value: number) => value.toLocaleString('en-US');

@Injectable()
export class CountLeadsUseCase {
  constructor(
    private readonly index: LeadIndex,
    private readonly leads: LeadsRepository,
    private readonly budget: CountBudget,
    private readonly textSearch: TextSearchBudget,
  ) {}

  async execute(request: SearchRequest): Promise<CountResult> {
    const filters = normalizeFilters(request);
    await this.leads.ping();
    const table = await this.index.tableForRequest();
    const contacts = liveSize(table);
    const startedAt = performance.now();
    const count = this.textSearch.run(() => countLiveLeads(table, filters, { sampleRows: this.budget.sampleRowsFor(contacts) }));
    this.budget.recordScan(count.sample?.rows ?? contacts, performance.now() - startedAt);
    const unknown = unknownFilterValues(filters, liveFilterVocabulary(table));
    return {
      firmographic_total: count.firmographicTotal,
      firmographic_is_exact: count.basis === 'exact',
      estimated_total: count.total,
      basis: count.basis,
      note: count.sample
        ? `Estimated from ${formatted(count.sample.rows)} of ${formatted(contacts)} contacts sampled evenly; 95% interval ${formatted(count.sample.low)}–${formatted(count.sample.high)}. Already revealed leads included.`
        : `Counted exactly over all ${formatted(contacts)} contacts, already revealed leads included.`,
      narrowed_by: count.narrowedBy,
      keywords: count.keywords,
      filters: echoFilters(filters),
      ...(unknown && { unknown_values: unknown }),
    };
  }
}
