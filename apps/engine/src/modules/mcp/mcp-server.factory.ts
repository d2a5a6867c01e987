import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import { McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_VERSION } from '../../engine-version';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { parseInput } from '../../infrastructure/http/parse-input';
import { toErrorResponse } from '../../infrastructure/http/error-response';
import type { Principal } from '../identity/current-principal.decorator';
import { FREE_TOOL, MCP_TOOLS, type McpTool, type McpToolCall } from './tools/mcp-tool';
import { toolSchema } from './tool-schema';

interface ToolListing {
  title: string;
  description: string;
  inputSchema: StandardSchemaWithJSON;
  outputSchema: StandardSchemaWithJSON;
  annotations: ToolAnnotations;
}

/**
 * Builds the MCP server for one request (the endpoint is stateless). What a client lists is built once:
 * a tool's JSON schemas are converted from its contract the first time they are asked for and then kept.
 */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('Mcp');
  private readonly tools: Array<{ tool: McpTool; listing: ToolListing }>;
  private readonly publicUrl: string | null;

  constructor(@Inject(ENGINE_CONFIG) config: EngineConfig, @Inject(MCP_TOOLS) tools: McpTool[]) {
    this.publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? null;
    this.tools = tools.map((tool) => ({
      tool,
      listing: {
        title: tool.title,
        description: tool.description,
        inputSchema: toolSchema(tool.input, { passArguments: true }),
        outputSchema: toolSchema(tool.output),
        annotations: { title: tool.title, ...(tool.annotations ?? FREE_TOOL) },
      },
    }));
  }

  /** `call.origin`: the request's own; PUBLIC_URL wins when set. */
  create(principal: Principal, request: McpToolCall): McpServer {
    const call = { origin: this.publicUrl ?? request.origin };
    // Each request gets a fresh server and its tools never change, so there is no list_changed to announce.
    const server = new McpServer(
      { name: 'lead-engine', title: 'Lead Engine', version: ENGINE_VERSION },
      { capabilities: { tools: { listChanged: false } } },
    );
    for (const { tool, listing } of this.tools) {
      server.registerTool(tool.name, listing, (args: unknown) => this.call(tool, args, principal, call));
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
