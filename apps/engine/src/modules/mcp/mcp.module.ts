import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ExportsModule } from '../exports/exports.module';
import { IcpModule } from '../icp/icp.module';
import { LeadsModule } from '../leads/leads.module';
import { ScrapeModule } from '../scrape/scrape.module';
import { McpServerFactory } from './mcp-server.factory';
import { BrowseLeadsTool } from './tools/browse-leads.tool';
import { CountLeadsTool } from './tools/count-leads.tool';
import { GetCreditsTool } from './tools/get-credits.tool';
import { GetExportTool } from './tools/get-export.tool';
import { GetScrapeResultsTool } from './tools/get-scrape-results.tool';
import { ListFilterValuesTool } from './tools/list-filter-values.tool';
import { ListRevealedLeadsTool } from './tools/list-revealed-leads.tool';
import { MCP_TOOLS } from './tools/mcp-tool';
import { PaidCallReport } from './tools/paid-call-report';
import { QuoteExportTool } from './tools/quote-export.tool';
import { QuoteRevealTool } from './tools/quote-reveal.tool';
import { RevealLeadsTool } from './tools/reveal-leads.tool';
import { ScoreIcpTool } from './tools/score-icp.tool';
import { StartExportTool } from './tools/start-export.tool';
import { StartScrapeTool } from './tools/start-scrape.tool';

/** In the order a client lists them: the free ways in first, then quote and pay, then the jobs, then the balance. */
const TOOLS = [
  CountLeadsTool,
  ListFilterValuesTool,
  BrowseLeadsTool,
  ListRevealedLeadsTool,
  QuoteRevealTool,
  RevealLeadsTool,
  QuoteExportTool,
  StartExportTool,
  GetExportTool,
  ScoreIcpTool,
  StartScrapeTool,
  GetScrapeResultsTool,
  GetCreditsTool,
];

/** The agent endpoint's tools; imported only by a role that serves HTTP. */
@Module({
  imports: [LeadsModule, CreditsModule, ExportsModule, IcpModule, ScrapeModule],
  providers: [...TOOLS, PaidCallReport, { provide: MCP_TOOLS, useFactory: (...tools) => tools, inject: TOOLS }, McpServerFactory],
  exports: [McpServerFactory],
})
export class McpModule {}
