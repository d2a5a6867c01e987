import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';

/** Free tools read and change nothing that costs or shows. */
export const FREE_TOOL = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Paid tools spend credits: not read-only, but they delete nothing and reach nothing outside the engine's data. */
export const PAID_TOOL = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** Every tool of the endpoint, in the order a client lists them. */
export const MCP_TOOLS = Symbol('MCP_TOOLS');

/** What a tool knows about the call beyond its arguments. */
export interface McpToolCall {
  /** Where this engine is reached (PUBLIC_URL, else the request's own origin), for links in a result. */
  origin: string;
}

/**
 * One tool of the MCP endpoint: its contract schemas (the same ones /api/v1 parses and answers with),
 * what an agent reads about it, and a run that calls the use-case /api/v1 calls.
 */
export interface McpTool<Input extends z.ZodType = z.ZodType, Output extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: Input;
  readonly output: Output;
  /** Hints for the client; FREE_TOOL when not given. */
  readonly annotations?: Omit<ToolAnnotations, 'title'>;
  /** The /api/v1 path whose errors this tool answers with, for the error mapping that depends on it. */
  readonly apiPath: string;
  run(input: z.output<Input>, principal: Principal, call: McpToolCall): Promise<z.output<Output>>;
}
