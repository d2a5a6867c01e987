import { Injectable, Logger } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import { ENGINE_VERSION } from '../../engine-version';
import { parseInput } from '../../infrastructure/http/parse-input';
import { toErrorResponse } from '../../infrastructure/http/error-response';
import type { Principal } from '../accounts/use-cases/authenticate-api-key.use-case';
import { BrowseLeadsTool } from './tools/browse-leads.tool';
import { CountLeadsTool } from './tools/count-leads.tool';
import { GetCreditsTool } from './tools/get-credits.tool';
import { ListFilterValuesTool } from './tools/list-filter-values.tool';
import type { McpTool } from './tools/mcp-tool';
import { toolSchema } from './tool-schema';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Builds the MCP server for one request, with the tools its caller's key may use. */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('Mcp');
  private readonly tools: McpTool[];

  constructor(
    countLeads: CountLeadsTool,
    listFilterValues: ListFilterValuesTool,
    browseLeads: BrowseLeadsTool,
    getCredits: GetCreditsTool,
  ) {
    this.tools = [countLeads, listFilterValues, browseLeads, getCredits] as unknown as McpTool[];
  }

  create(principal: Principal): McpServer {
    const server = new McpServer({ name: 'lead-engine', title: 'Lead Engine', version: ENGINE_VERSION });
    for (const tool of this.tools) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: toolSchema(tool.input, { passArguments: true }),
          outputSchema: toolSchema(tool.output),
          annotations: { title: tool.title, ...READ_ONLY },
        },
        (args: unknown) => this.call(tool, args, principal),
      );
    }
    return server;
  }

  private async call(tool: McpTool, args: unknown, principal: Principal): Promise<CallToolResult> {
    const startedAt = performance.now();
    const logged = { apiKeyId: principal.apiKeyId, accountId: principal.accountId, tool: tool.name };
    try {
      const result = (await tool.run(parseInput(tool.input, args), principal)) as Record<string, unknown>;
      this.logger.log({ ...logged, ms: elapsed(startedAt), outcome: 'ok' }, 'mcp tool call');
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
