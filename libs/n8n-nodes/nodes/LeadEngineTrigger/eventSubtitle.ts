import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle: the chosen event's label ("Export Completed"), not its value; in webhook mode the
 * labels of every chosen event, comma-separated.
 */
export function eventSubtitle(events: INodePropertyOptions[]): string {
  const labels = Object.fromEntries(events.map((event) => [event.value, event.name]));
  return (
    `={{ (labels => $parameter["mode"] === "webhook"` +
    ` ? ($parameter["events"] || []).map(event => labels[event] || event).join(", ")` +
    ` : labels[$parameter["event"]] || $parameter["event"])(${JSON.stringify(labels)}) }}`
  );
}
