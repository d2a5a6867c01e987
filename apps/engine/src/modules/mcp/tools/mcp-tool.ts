import type { z } from 'zod';
import type { Principal } from '../../accounts/use-cases/authenticate-api-key.use-case';

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
  /** The /api/v1 path whose errors this tool answers with, for the error mapping that depends on it. */
  readonly apiPath: string;
  run(input: z.output<Input>, principal: Principal): Promise<z.output<Output>>;
}
