import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { engineRequest } from '../LeadEngine/transport/engineRequest';
import { eventSubtitle } from './eventSubtitle';
import { advanceCursor, type FinishedJobCursor, latestFinished } from './finishedJobCursor';
import { JOB_EVENTS, jobEventOptions } from './jobEvents';

export class LeadEngineTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Lead Engine Trigger',
    name: 'leadEngineTrigger',
    icon: { light: 'file:../../icons/leadEngine.svg', dark: 'file:../../icons/leadEngine.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: eventSubtitle(jobEventOptions),
    description: 'Starts the workflow when a Lead Engine export, enrichment or scrape job finishes',
    defaults: { name: 'Lead Engine Trigger' },
    polling: true,
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
      },
    ],
  };

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
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
