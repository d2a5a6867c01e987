import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * One key per execution, node and unit of work: a retry of the node within the same execution (n8n's
 * "Retry On Fail") replays the engine's first answer instead of spending credits or starting a job again.
 */
export function idempotencyKey(context: IExecuteFunctions, unit: string | number): string {
  return `n8n:${context.getExecutionId()}:${context.getNode().id}:${unit}`;
}
