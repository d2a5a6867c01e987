import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { errorItemJson } from './errorItemJson';
import { withItemIndex } from './withItemIndex';

/**
 * Runs an operation once per input item. Every output item is paired with its input item; with
 * "Continue On Fail" a failing item yields an error item and the others go on.
 */
export async function runPerItem(
  context: IExecuteFunctions,
  run: (itemIndex: number) => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
  const output: INodeExecutionData[] = [];
  const items = context.getInputData();
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      for (const item of await run(itemIndex)) output.push({ ...item, pairedItem: { item: itemIndex } });
    } catch (error) {
      if (!context.continueOnFail()) throw withItemIndex(context, error as Error, itemIndex);
      output.push({ json: errorItemJson(error as Error), pairedItem: { item: itemIndex } });
    }
  }
  return output;
}

export function jsonItems(data: object | object[]): INodeExecutionData[] {
  return (Array.isArray(data) ? data : [data]).map((json) => ({ json: json as INodeExecutionData['json'] }));
}
