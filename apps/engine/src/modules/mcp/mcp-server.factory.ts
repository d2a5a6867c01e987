import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_VERSION } from '../../engine-version';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { parseInput } from '../../infrastructure/http/parse-input';
import { toErrorResponse } from '../../infrastructure/http/error-response';
import type { Principal } from '../accounts/use-cases/authenticate-api-key.use-case';
import { BrowseLeadsTool } from './tools/browse-leads.tool';
import { CountLeadsTool } from './tools/count-leads.tool';
import { GetCreditsTool } from './tools/get-credits.tool';
import { GetExportTool } from './tools/get-export.tool';
import { GetScrapeResultsTool } from './tools/get-scrape-results.tool';
import { ListFilterValuesTool } from './tools/list-filter-values.tool';
import { FREE_TOOL, type McpTool, type McpToolCall } from './tools/mcp-tool';
import { QuoteRevealTool } from './tools/quote-reveal.tool';
import { RevealLeadsTool } from './tools/reveal-leads.tool';
import { ScoreIcpTool } from './tools/score-icp.tool';
import { StartExportTool } from './tools/start-export.tool';
import { StartScrapeTool } from './tools/start-scrape.tool';
import { toolSchema } from './tool-schema';

/** Builds the MCP server for one request, with the tools its caller's key may use. */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('Mcp');
  private readonly tools: McpTool[];
  private readonly publicUrl: string | null;

  constructor(
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    countLeads: CountLeadsTool,
    listFilterValues: ListFilterValuesTool,
    browseLeads: BrowseLeadsTool,
    getCredits: GetCreditsTool,
    quoteReveal: QuoteRevealTool,
    revealLeads: RevealLeadsTool,
    startExport: StartExportTool,
    getExport: GetExportTool,
    scoreIcp: ScoreIcpTool,
    startScrape: StartScrapeTool,
    getScrapeResults: GetScrapeResultsTool,
  ) {
    this.publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? null;
    this.tools = [
      countLeads,
      listFilterValues,
      browseLeads,
      quoteReveal,
      revealLeads,
      startExport,
      getExport,
      scoreIcp,
      startScrape,
      getScrapeResults,
      getCredits,
    ] as unknown as McpTool[];
  }

  /** `call.origin`: the request's own; PUBLIC_URL wins when set. */
  create(principal: Principal, request: McpToolCall): McpServer {
    const call = { origin: this.publicUrl ?? request.origin };
    const server = new McpServer({ name: 'lead-engine', title: 'Lead Engine', version: ENGINE_VERSION });
    for (const tool of this.tools) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: toolSchema(tool.input, { passArguments: true }),
          outputSchema: toolSchema(tool.output),
          annotations: { title: tool.title, ...(tool.annotations ?? FREE_TOOL) },
        },
        (args: unknown) => this.call(tool, args, principal, call),
      );
    }
    return server;
  }

  private async call(tool: McpTool, args: unknown, principal: Principal, call: McpToolCall): Promise<CallToolResult> {
    const startedAt = performance.now();
    const logged = { apiKeyId: principal.apiKeyId, accountId: principal.accountId, tool: tool.name };
    try {
      const result = (await tool.run(parseInput(tool.input, args), principal, call)) as Record<string, unknown>;
      const credits = typeof result.credits_charged === 'number' ? result.credits_charged : undefined;
      this.logger.log({ ...logged, ms: elapsed(startedAt), outcome: 'ok', credits }, 'mcp tool call');
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      const response = toErrorResponse(error, tool.apiPath);
      if (response.unexpected)
        this.logger.error({ ...logged, ms: elapsed(startedAt), outcome: response.body.code, err: error }, 'mcp tool call failed');
      else this.logger.log({ ...logged, ms: elapsed(startedAt), outcome: response.body.code }, 'mcp tool call');
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(response.body) }] };
    }
  }
}

const elapsed = (startedAt: number) => Math.round((performance.now() - startedAt) * 10) / 10;
