import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The error to throw for an item: n8n's own errors get the item index, anything else is wrapped. */
export function withItemIndex(context: IExecuteFunctions, error: Error, itemIndex: number): Error {
  const context_ = (error as Error & { context?: { itemIndex?: number } }).context;
  if (context_) {
    context_.itemIndex ??= itemIndex;
    return error;
  }
  return new NodeOperationError(context.getNode(), error, { itemIndex });
}
