import { Injectable } from '@nestjs/common';
import { filterFieldSchema, filterValuesSchema } from '@lead-engine/contracts';
import type { FilterValues } from '@lead-engine/contracts';
import { z } from 'zod';
import { ListLeadFiltersUseCase } from '../../leads/use-cases/list-lead-filters.use-case';
import type { McpTool } from './mcp-tool';

const listFilterValuesInputSchema = z.strictObject({
  field: filterFieldSchema.describe('The filter whose values to list'),
});

@Injectable()
export class ListFilterValuesTool implements McpTool<typeof listFilterValuesInputSchema, typeof filterValuesSchema> {
  readonly name = 'list_filter_values';
  readonly title = 'List filter values';
  readonly description = [
    'Lists the valid values of one lead filter (industry, seniority, country, department, company_size or revenue), each with how many contacts carry it, most common first. Free: costs no credits.',
    'Use the values exactly as listed in count_leads and browse_leads (a value not listed matches nothing). companyType is not listed here: it takes private, government, nonprofit or education. company_size also accepts the bands 1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000 and 5001+.',
  ].join('\n');
  readonly input = listFilterValuesInputSchema;
  readonly output = filterValuesSchema;
  readonly apiPath = '/api/v1/leads/filters';

  constructor(private readonly listFilters: ListLeadFiltersUseCase) {}

  async run(input: z.output<typeof listFilterValuesInputSchema>): Promise<FilterValues> {
    return (await this.listFilters.execute(input.field)) as FilterValues;
  }
}
