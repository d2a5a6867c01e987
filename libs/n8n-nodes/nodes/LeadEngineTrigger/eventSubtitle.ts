import type { INodePropertyOptions } from 'n8n-workflow';

/** The canvas subtitle: the chosen event's label ("Export Completed"), not its value. */
export function eventSubtitle(events: INodePropertyOptions[]): string {
  const labels = Object.fromEntries(events.map((event) => [event.value, event.name]));
  return `={{ (${JSON.stringify(labels)})[$parameter["event"]] || $parameter["event"] }}`;
}
