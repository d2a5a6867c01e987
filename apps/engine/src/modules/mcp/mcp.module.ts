import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { LeadsModule } from '../leads/leads.module';
import { McpServerFactory } from './mcp-server.factory';
import { BrowseLeadsTool } from './tools/browse-leads.tool';
import { CountLeadsTool } from './tools/count-leads.tool';
import { GetCreditsTool } from './tools/get-credits.tool';
import { ListFilterValuesTool } from './tools/list-filter-values.tool';

/** The agent endpoint's tools; imported only by a role that serves HTTP. */
@Module({
  imports: [LeadsModule, CreditsModule],
  providers: [CountLeadsTool, ListFilterValuesTool, BrowseLeadsTool, GetCreditsTool, McpServerFactory],
  exports: [McpServerFactory],
})
export class McpModule {}
