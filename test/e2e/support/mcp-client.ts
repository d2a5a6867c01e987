import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type McpClientKind = 'v2-2026' | 'v2-2025' | 'v1';

export interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text?: string }>;
}

/** The three clients an agent brings: the v2 SDK in 2026 mode, the v2 SDK with the 2025 handshake, and the v1 SDK (n8n's). */
export type McpClient = {
  listTools(): Promise<{ tools: any[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
};

/** What a desktop client adds to the transport: an OAuth provider it would fall back on, its own fetch. */
export interface McpTransportExtras {
  authProvider?: object;
  fetch?: typeof fetch;
}

export async function connectMcp(
  kind: McpClientKind,
  url: string,
  headers: Record<string, string>,
  extras: McpTransportExtras = {},
): Promise<McpClient> {
  const endpoint = new URL('/mcp', url);
  const options = { requestInit: { headers }, ...extras } as object;
  if (kind === 'v1') {
    const client = new V1Client({ name: 'mcp-e2e-v1', version: '1.0.0' });
    await client.connect(new V1StreamableHTTPClientTransport(endpoint, options));
    return client as unknown as McpClient;
  }
  const mode = kind === 'v2-2026' ? { pin: '2026-07-28' as const } : ('legacy' as const);
  const client = new Client({ name: `mcp-e2e-${kind}`, version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(endpoint, options));
  if (client.getProtocolEra() !== (kind === 'v2-2026' ? 'modern' : 'legacy')) throw new Error(`${kind}: wrong protocol era`);
  return client as unknown as McpClient;
}

/** The key as each client sends it in these tests: the v1 client (n8n's) as a bearer token, the others in X-API-Key. */
export const keyHeaders = (kind: McpClientKind, apiKey: string): Record<string, string> =>
  kind === 'v1' ? { authorization: `Bearer ${apiKey}` } : { 'x-api-key': apiKey };

export const callTool = async (client: McpClient, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

/** A tool error's body: the API's {error, code, message, details}. */
export const toolErrorOf = (result: ToolResult) => {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  return JSON.parse(result.content[0].text!) as { error: string; code: string; message?: string; details?: any };
};
