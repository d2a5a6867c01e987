import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** What an item carries when the node continues on fail: the message, and for engine errors its code and status. */
export function errorItemJson(error: Error): IDataObject {
  const json: IDataObject = { error: error.message };
  if (error instanceof NodeApiError) {
    const engineBody = (error as NodeApiError & { errorResponse?: IDataObject }).errorResponse;
    if (engineBody?.code) json.code = engineBody.code;
    if (error.httpCode) json.httpCode = error.httpCode;
  }
  const description = (error as Error & { description?: string }).description;
  if (description) json.description = description;
  return json;
}
