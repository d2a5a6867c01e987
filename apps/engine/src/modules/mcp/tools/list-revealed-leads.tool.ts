import { Injectable } from '@nestjs/common';
import { revealedLeadsPageSchema, revealedLeadsRequestSchema } from '@lead-engine/contracts';
import type { RevealedLeadsPage, RevealedLeadsRequest } from '@lead-engine/contracts';
import type { Principal } from '../../identity/current-principal.decorator';
import { ListRevealedLeadsUseCase } from '../../leads/revealed/use-cases/list-revealed-leads.use-case';
import type { McpTool } from './mcp-tool';

@Injectable()
export class ListRevealedLeadsTool implements McpTool<typeof revealedLeadsRequestSchema, typeof revealedLeadsPageSchema> {
  readonly name = 'list_revealed_leads';
  readonly title = 'List revealed leads';
  readonly description = [
    'Lists the leads this account has already paid for (by reveal_leads or by an export), newest first, with full contact details: email, email status, phone, LinkedIn, company domain. Free: costs no credits, and these leads are never charged again.',
    'Each lead says when it was revealed (revealedAt), how (revealedThrough: reveal or export, with exportId) and by whom (revealedBy: the API key and the user). Takes the filters of count_leads (but maxPerCompany), q (text in the full name, company name or email), reference (one reveal or export: reveal:<id> or export:<id>), limit (1 to 1000, default 25) and cursor: call again with cursor = next_cursor for the next page; next_cursor is null on the last one. total counts every match.',
  ].join('\n');
  readonly input = revealedLeadsRequestSchema;
  readonly output = revealedLeadsPageSchema;
  readonly apiPath = '/api/v1/leads/revealed';

  constructor(private readonly listRevealed: ListRevealedLeadsUseCase) {}

  run(input: RevealedLeadsRequest, principal: Principal): Promise<RevealedLeadsPage> {
    return this.listRevealed.execute(principal.accountId, input);
  }
}
