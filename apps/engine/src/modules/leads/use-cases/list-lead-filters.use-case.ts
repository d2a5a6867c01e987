import { Injectable } from '@nestjs/common';
import type { FilterField, FilterValues } from '@lead-engine/contracts';
import { COMPANY_SIZE_BUCKETS, LivePart, liveParts, NO_BUCKET, revenueBandForSize } from '@lead-engine/core';
import { LeadIndex } from '../lead-index';

export type FiltersListing = { filters: string[]; note: string } | { field: FilterField; values: Array<{ value: string; count: string }> };

const FILTER_NAMES = ['industry', 'seniority', 'country', 'department', 'company_size', 'revenue', 'companyType'];

/** Values of one filter with how many contacts carry each, most common first; empty values are not listed. */
@Injectable()
export class ListLeadFiltersUseCase {
  constructor(private readonly index: LeadIndex) {}

  execute(field: FilterField): Promise<FilterValues>;
  execute(field: FilterField | undefined): Promise<FiltersListing>;
  async execute(field: FilterField | undefined): Promise<FiltersListing> {
    if (!field) {
      return {
        filters: FILTER_NAMES,
        note: 'GET /api/v1/leads/filters?field=<name> lists the values of one filter with contact counts. companyType takes private, government, nonprofit or education.',
      };
    }
    const counts = new Map<string, number>();
    for (const part of liveParts(await this.index.tableForRequest())) {
      for (const [value, count] of tally(part, field)) counts.set(value, (counts.get(value) ?? 0) + count);
    }
    const values = [...counts]
      .filter(([value, count]) => value !== '' && count > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([value, count]) => ({ value, count: String(count) }));
    return { field, values };
  }
}

/** The values of one table of a live table over its current rows. */
function tally({ table, live }: LivePart, field: FilterField): Map<string, number> {
  const current = (row: number) => live === null || (live[row >>> 5] & (1 << (row & 31))) !== 0;
  const perContact = (column: ArrayLike<number>, dictionary: readonly string[]) => {
    const counts = new Array<number>(dictionary.length).fill(0);
    for (let row = 0; row < table.size; row++) if (current(row)) counts[column[row]]++;
    return new Map(dictionary.map((value, id) => [value, counts[id]]));
  };
  const perCompany = (valueOf: (company: number) => string) => {
    const counts = new Map<string, number>();
    for (let row = 0; row < table.size; row++) {
      if (!current(row)) continue;
      const value = valueOf(table.company[row]);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  };
  const { companies } = table;
  const bucket = (company: number) => (companies.size[company] === NO_BUCKET ? '' : COMPANY_SIZE_BUCKETS[companies.size[company]]);
  switch (field) {
    case 'seniority':
      return perContact(table.seniority, table.seniorities);
    case 'department':
      return perContact(table.department, table.departments);
    case 'country':
      return perContact(table.country, table.countries);
    case 'industry':
      return perCompany((company) => companies.industries[companies.industry[company]]);
    case 'company_size':
      return perCompany(bucket);
    case 'revenue':
      return perCompany((company) => revenueBandForSize(bucket(company)) ?? '');
  }
}
