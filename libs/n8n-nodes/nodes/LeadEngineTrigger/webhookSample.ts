import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { engineRequest } from '../LeadEngine/transport/engineRequest';
import { latestFinished } from './finishedJobCursor';
import { JOB_EVENTS, WEBHOOK_EVENT_TYPES } from './jobEvents';

/**
 * What a webhook-mode trigger shows in the editor's test: the most recent job of a chosen event, shaped as a
 * delivery is emitted ({...job, type}), or the balance when only Credits Low is chosen. n8n runs a polling
 * node's poll() for every manual execution, even one started by a test webhook call, so this is what the
 * editor displays there.
 */
export async function webhookSample(this: IPollFunctions, events: string[]): Promise<IDataObject | undefined> {
  const listings = new Map<string, IDataObject>();
  let latest: { job: IDataObject; at: string; type: string } | undefined;
  for (const name of events) {
    const event = JOB_EVENTS[name];
    const type = WEBHOOK_EVENT_TYPES[name];
    if (!event || !type) continue;
    if (!listings.has(event.listPath)) {
      listings.set(event.listPath, await engineRequest.call(this, { method: 'GET', path: event.listPath }));
    }
    const finished = ((listings.get(event.listPath)![event.listKey] as IDataObject[]) ?? []).filter((job) => job.status === event.status);
    const job = latestFinished(finished, event.completedAt);
    if (job && (!latest || event.completedAt(job) > latest.at)) latest = { job, at: event.completedAt(job), type };
  }
  if (latest) return { ...latest.job, type: latest.type };
  if (events.includes('creditsLow')) {
    const balance = await engineRequest.call(this, { method: 'GET', path: '/credits' });
    return { ...balance, type: WEBHOOK_EVENT_TYPES.creditsLow };
  }
  return undefined;
}
