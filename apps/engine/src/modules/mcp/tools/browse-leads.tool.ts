import { Injectable } from '@nestjs/common';
import { browseRequestSchema, browseResponseSchema } from '@lead-engine/contracts';
import type { BrowseRequest, BrowseResponse } from '@lead-engine/contracts';
import type { Principal } from '../../identity/current-principal.decorator';
import { BrowseLeadsUseCase } from '../../leads/use-cases/browse-leads.use-case';
import type { McpTool } from './mcp-tool';

@Injectable()
export class BrowseLeadsTool implements McpTool<typeof browseRequestSchema, typeof browseResponseSchema> {
  readonly name = 'browse_leads';
  readonly title = 'Browse leads (masked)';
  readonly description = [
    'Lists the contacts that match a set of filters, one page at a time, with their contact details masked: name with the last name as an initial, job title, seniority, department, company, industry, size and location are shown; email and phone are masked and the company domain and LinkedIn URL are null. Free: costs no credits.',
    'Takes the same filters as count_leads plus page (from 1) and limit (rows per page, 1 to 1000, default 25). Leads this account already revealed are left out. Returns the rows with their lead ids, total (rows browse can still return), and next_page (null on the last page): call again with page = next_page for more.',
  ].join('\n');
  readonly input = browseRequestSchema;
  readonly output = browseResponseSchema;
  readonly apiPath = '/api/v1/leads/browse';

  constructor(private readonly browseLeads: BrowseLeadsUseCase) {}

  run(input: BrowseRequest, principal: Principal): Promise<BrowseResponse> {
    return this.browseLeads.execute(principal.accountId, input);
  }
}
