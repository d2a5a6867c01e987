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
import { PaidCallReport } from './tools/paid-call-report';
import { QuoteRevealTool } from './tools/quote-reveal.tool';
import { RevealLeadsTool } from './tools/reveal-leads.tool';
import { ScoreIcpTool } from './tools/score-icp.tool';
import { StartExportTool } from './tools/start-export.tool';
import { StartScrapeTool } from './tools/start-scrape.tool';

const TOOLS = [
  CountLeadsTool,
  ListFilterValuesTool,
  BrowseLeadsTool,
  GetCreditsTool,
  QuoteRevealTool,
  RevealLeadsTool,
  StartExportTool,
  GetExportTool,
  ScoreIcpTool,
  StartScrapeTool,
  GetScrapeResultsTool,
];

/** The agent endpoint's tools; imported only by a role that serves HTTP. */
@Module({
  imports: [LeadsModule, CreditsModule, ExportsModule, IcpModule, ScrapeModule],
  providers: [...TOOLS, PaidCallReport, McpServerFactory],
  exports: [McpServerFactory],
})
export class McpModule {}
