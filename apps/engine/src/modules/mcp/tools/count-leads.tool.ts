import { Injectable } from '@nestjs/common';
import { countResultSchema, searchRequestSchema } from '@lead-engine/contracts';
import type { CountResult, SearchRequest } from '@lead-engine/contracts';
import { CountLeadsUseCase } from '../../leads/use-cases/count-leads.use-case';
import type { McpTool } from './mcp-tool';

@Injectable()
export class CountLeadsTool implements McpTool<typeof searchRequestSchema, typeof countResultSchema> {
  readonly name = 'count_leads';
  readonly title = 'Count leads';
  readonly description = [
    'Counts the contacts (people at companies) that match a set of filters. Free: costs no credits, so call it as often as needed to narrow a search.',
    'Returns estimated_total (matches of every filter; the number to plan around), firmographic_total (matches of the company filters alone: industry, size, country, revenue, company type), basis and note (exact count or an even sample with its interval), narrowed_by (when the result is 0 or tiny, the single filter that removed the most rows), keywords (rows per include keyword) and, only when a filter value is not valid, unknown_values (each such value with the nearest valid values, e.g. seniority "C-Level" → "C-Suite").',
    'Filters are AND-ed; values within one filter are OR-ed. Unknown values are not errors, they match nothing: call list_filter_values first for the valid values of industry, seniority, country, department, company_size and revenue. jobTitles, excludeTitles and the keywords are free text.',
    'Next: browse_leads with the same filters to see the matching people with their contact details masked.',
  ].join('\n');
  readonly input = searchRequestSchema;
  readonly output = countResultSchema;
  readonly apiPath = '/api/v1/leads/search';

  constructor(private readonly countLeads: CountLeadsUseCase) {}

  run(input: SearchRequest): Promise<CountResult> {
    return this.countLeads.execute(input);
  }
}
