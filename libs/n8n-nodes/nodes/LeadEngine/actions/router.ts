import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { resources } from './resources';

/** Runs the chosen resource's operation over all input items. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const resource = this.getNodeParameter('resource', 0) as string;
  const operation = this.getNodeParameter('operation', 0) as string;
  const chosen = resources[resource]?.operations[operation];
  if (!chosen) {
    throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
  }
  return [await chosen.execute.call(this)];
}
