import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { engineRequest, type EngineContext, type EngineRequest } from '../LeadEngine/transport/engineRequest';
import { WEBHOOK_EVENT_TYPES } from './jobEvents';
import { isValidSignature, type SignatureHeaders } from './standardWebhookSignature';

export const WEBHOOK_NAME = 'default';

const MAX_DESCRIPTION_LENGTH = 500;

/** What the node keeps in its static data while active: the engine's endpoint and its secret, shown only at creation. */
interface Subscription extends IDataObject {
  webhookId?: string;
  webhookSecret?: string;
}

/** The engine event types of the chosen options, e.g. `exportCompleted` → `export.completed`. */
export function engineEventTypes(events: string[]): string[] {
  return events.map((event) => WEBHOOK_EVENT_TYPES[event]).filter((type): type is string => type !== undefined);
}

/** engineRequest reads only getCredentials, getNode and helpers.httpRequestWithAuthentication, which hooks have too. */
async function hookRequest(this: IHookFunctions, request: EngineRequest): Promise<IDataObject> {
  return await engineRequest.call(this as unknown as EngineContext, request);
}

function ownUrl(this: IHookFunctions | IWebhookFunctions): string {
  const url = this.getNodeWebhookUrl(WEBHOOK_NAME);
  if (!url) throw new NodeOperationError(this.getNode(), 'n8n gave no webhook URL for the Lead Engine Trigger');
  return url;
}

/** Whether the endpoint this node registered still exists in the engine and still points at this node's URL. */
export async function subscriptionExists(this: IHookFunctions): Promise<boolean> {
  const subscription = this.getWorkflowStaticData('node') as Subscription;
  if (!subscription.webhookId || !subscription.webhookSecret) return false;
  const { webhooks } = await hookRequest.call(this, { method: 'GET', path: '/webhooks' });
  const url = ownUrl.call(this);
  return ((webhooks as IDataObject[]) ?? []).some((endpoint) => endpoint.id === subscription.webhookId && endpoint.url === url);
}

/** Registers this node's URL for the chosen events and keeps the endpoint id and its signing secret. */
export async function subscribe(this: IHookFunctions): Promise<boolean> {
  const events = engineEventTypes(this.getNodeParameter('events', []) as string[]);
  if (events.length === 0) throw new NodeOperationError(this.getNode(), 'Choose at least one event to receive');
  const workflowName = this.getWorkflow().name ?? this.getWorkflow().id ?? 'unsaved';
  const body: IDataObject = {
    url: ownUrl.call(this),
    events,
    description: `n8n workflow "${workflowName}", node "${this.getNode().name}"`.slice(0, MAX_DESCRIPTION_LENGTH),
  };
  if (events.includes(WEBHOOK_EVENT_TYPES.creditsLow)) {
    body.creditsLowThreshold = this.getNodeParameter('creditsLowThreshold', 100) as number;
  }
  const created = await hookRequest.call(this, { method: 'POST', path: '/webhooks', body });
  const subscription = this.getWorkflowStaticData('node') as Subscription;
  subscription.webhookId = String(created.id);
  subscription.webhookSecret = String(created.secret);
  return true;
}

/** Removes the endpoint; one the engine no longer knows (404) is as good as removed. */
export async function unsubscribe(this: IHookFunctions): Promise<boolean> {
  const subscription = this.getWorkflowStaticData('node') as Subscription;
  if (subscription.webhookId) {
    // engineRequest already turns engine errors into NodeApiError; only a 404 is not a failure here.
    const failure: unknown = await hookRequest
      .call(this, { method: 'DELETE', path: `/webhooks/${encodeURIComponent(subscription.webhookId)}` })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    if (failure && !(failure instanceof NodeApiError && failure.httpCode === '404')) throw failure;
  }
  delete subscription.webhookId;
  delete subscription.webhookSecret;
  return true;
}

/**
 * Answers one delivery. Unsigned, wrongly signed or stale deliveries get 401 and start nothing; events of a
 * type not chosen are acknowledged (200) so the engine does not retry them; a chosen one starts the workflow
 * with one item: the job's status object (what polling emits) plus the event `type`.
 */
export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
  const request = this.getRequestObject();
  const response = this.getResponseObject();
  // n8n's body parser keeps the bytes as received in rawBody; the signature covers them, not re-serialized JSON.
  await request.readRawBody();
  const rawBody: unknown = request.rawBody;
  const { webhookSecret } = this.getWorkflowStaticData('node') as Subscription;
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (
    typeof webhookSecret !== 'string' ||
    !Buffer.isBuffer(rawBody) ||
    !isValidSignature(webhookSecret, request.headers as SignatureHeaders, rawBody, nowSeconds)
  ) {
    return answer(response, 401, { error: 'Invalid or missing webhook signature', code: 'INVALID_SIGNATURE' });
  }

  const event = parseEvent(rawBody);
  if (!event) return answer(response, 400, { error: 'Not a Lead Engine event', code: 'INVALID_EVENT' });

  const chosen = engineEventTypes(this.getNodeParameter('events', []) as string[]);
  if (!chosen.includes(event.type)) return { webhookResponse: { received: true, ignored: event.type } };
  return { workflowData: [[{ json: { ...event.data, type: event.type } }]] };
}

interface EngineEvent {
  type: string;
  data: IDataObject;
}

function parseEvent(rawBody: Buffer): EngineEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { type, data } = parsed as IDataObject;
  if (typeof type !== 'string' || !data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return { type, data: data as IDataObject };
}

/** Writes the answer itself, as n8n's own Webhook node does for refused calls, and starts nothing. */
function answer(
  response: { writeHead(status: number, headers: Record<string, string>): unknown; end(body: string): unknown },
  status: number,
  body: IDataObject,
): IWebhookResponseData {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
  return { noWebhookResponse: true };
}
