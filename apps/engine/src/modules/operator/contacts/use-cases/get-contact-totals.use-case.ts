import { Injectable } from '@nestjs/common';
import type { FilterField, OperatorContacts } from '@lead-engine/contracts';
import { liveSize } from '@lead-engine/core';
import { LeadIndex } from '../../../leads/lead-index';
import { ListLeadFiltersUseCase } from '../../../leads/use-cases/list-lead-filters.use-case';

/** The operator's Contacts page: how many contacts the lead table holds, and how they spread, as the Leads filters count them. */
@Injectable()
export class GetContactTotalsUseCase {
  constructor(
    private readonly index: LeadIndex,
    private readonly filterValues: ListLeadFiltersUseCase,
  ) {}

  async execute(): Promise<OperatorContacts> {
    const [table, byCountry, byIndustry, byCompanySize] = await Promise.all([
      this.index.tableForRequest(),
      this.counted('country'),
      this.counted('industry'),
      this.counted('company_size'),
    ]);
    return { total: liveSize(table), by_country: byCountry, by_industry: byIndustry, by_company_size: byCompanySize };
  }

  private async counted(field: FilterField): Promise<OperatorContacts['by_country']> {
    const { values } = await this.filterValues.execute(field);
    return values.map(({ value, count }) => ({ value, count: Number(count) }));
  }
}
