import type {
  IDataObject,
  IHookFunctions,
  INodeExecutionData,
  INodeType,
  INodeTypeDescription,
  IPollFunctions,
  IWebhookFunctions,
  IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { engineRequest } from '../LeadEngine/transport/engineRequest';
import { receiveEvent, subscribe, subscriptionExists, unsubscribe, WEBHOOK_NAME } from './engineWebhook';
import { eventSubtitle } from './eventSubtitle';
import { advanceCursor, type FinishedJobCursor, latestFinished } from './finishedJobCursor';
import { JOB_EVENTS, jobEventOptions, webhookEventOptions } from './jobEvents';
import { webhookSample } from './webhookSample';

export class LeadEngineTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Lead Engine Trigger',
    name: 'leadEngineTrigger',
    icon: { light: 'file:../../icons/leadEngine.svg', dark: 'file:../../icons/leadEngine.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: eventSubtitle([...jobEventOptions, ...webhookEventOptions]),
    description: 'Starts the workflow when a Lead Engine export, enrichment or scrape job finishes, by polling or instantly by webhook',
    defaults: { name: 'Lead Engine Trigger' },
    // n8n polls every node that has poll() and registers every webhook whose method is not empty, whatever the
    // other parameters: the mode decides by making poll() return nothing in webhook mode and the method empty
    // in polling mode (no webhook, so no engine endpoint and no waiting for a test call).
    polling: true,
    webhooks: [
      {
        name: WEBHOOK_NAME,
        httpMethod: '={{$parameter["mode"] === "webhook" ? "POST" : ""}}',
        responseMode: 'onReceived',
        path: 'lead-engine',
        ndvHideUrl: '={{$parameter["mode"] !== "webhook"}}',
        ndvHideMethod: true,
      },
    ],
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'leadEngineApi', required: true }],
    properties: [
      {
        displayName: 'Event',
        name: 'event',
        type: 'options',
        noDataExpression: true,
        options: jobEventOptions,
        default: 'exportCompleted',
        description: 'Each finished job is emitted once, as one item',
        displayOptions: { show: { mode: ['polling'] } },
      },
      {
        displayName: 'Mode',
        name: 'mode',
        type: 'options',
        noDataExpression: true,
        options: [
          {
            name: 'Polling',
            value: 'polling',
            description: 'Asks Lead Engine for finished jobs at the Poll Times; works when Lead Engine cannot reach n8n',
          },
          {
            name: 'Webhook (Instant)',
            value: 'webhook',
            description:
              'Lead Engine calls this workflow as soon as an event happens, signed; it must be able to reach the webhook URL. Poll Times are then unused.',
          },
        ],
        default: 'polling',
      },
      {
        displayName: 'Events',
        name: 'events',
        type: 'multiOptions',
        noDataExpression: true,
        required: true,
        options: webhookEventOptions,
        default: ['exportCompleted'],
        description:
          "Each event is emitted once, as one item: the job's status (the balance for Credits Low) plus the event type. Scrape failures are not sent by webhook; poll for them.",
        displayOptions: { show: { mode: ['webhook'] } },
      },
      {
        displayName: 'Credits Low Threshold',
        name: 'creditsLowThreshold',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 100,
        description: 'Credits Low fires when the balance falls below this many credits',
        displayOptions: { show: { mode: ['webhook'], events: ['creditsLow'] } },
      },
    ],
  };

  webhookMethods = {
    default: {
      async checkExists(this: IHookFunctions): Promise<boolean> {
        return await subscriptionExists.call(this);
      },
      async create(this: IHookFunctions): Promise<boolean> {
        return await subscribe.call(this);
      },
      async delete(this: IHookFunctions): Promise<boolean> {
        return await unsubscribe.call(this);
      },
    },
  };

  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    return await receiveEvent.call(this);
  }

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    if (this.getNodeParameter('mode', 'polling') === 'webhook') {
      if (this.getMode() !== 'manual') return null;
      const sample = await webhookSample.call(this, this.getNodeParameter('events', []) as string[]);
      return sample ? [[{ json: sample }]] : null;
    }

    const eventName = this.getNodeParameter('event') as string;
    const event = JOB_EVENTS[eventName];
    const listing = await engineRequest.call(this, { method: 'GET', path: event.listPath });
    const finished = ((listing[event.listKey] as IDataObject[]) ?? []).filter((job) => job.status === event.status);

    if (this.getMode() === 'manual') {
      const sample = latestFinished(finished, event.completedAt);
      return sample ? [[{ json: sample }]] : null;
    }

    const staticData = this.getWorkflowStaticData('node');
    const cursors = (staticData.cursors ?? {}) as Record<string, FinishedJobCursor>;
    const step = advanceCursor(finished, cursors[eventName], event.completedAt);
    staticData.cursors = { ...cursors, [eventName]: step.cursor };
    if (step.newlyFinished.length === 0) return null;
    return [step.newlyFinished.map((job) => ({ json: job }))];
  }
}
