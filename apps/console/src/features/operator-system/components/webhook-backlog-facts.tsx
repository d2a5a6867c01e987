import type { OperatorWebhookBacklog } from '@lead-engine/contracts/console';
import { formatCount, formatDuration } from '../system-words';
import { FactTable } from './fact-table';

/** The engine counts pending deliveries up to this many, no further. */
const COUNTED_UP_TO = 100_000;

export function WebhookBacklogFacts({ backlog }: { backlog: OperatorWebhookBacklog }) {
  return (
    <FactTable
      facts={[
        {
          label: 'Pending deliveries',
          value: backlog.pending >= COUNTED_UP_TO ? `${formatCount(COUNTED_UP_TO)} or more` : formatCount(backlog.pending),
          testId: 'webhook-pending',
        },
        {
          label: 'Oldest waiting',
          value: backlog.oldest_pending_age_seconds === null ? 'none waiting' : `for ${formatDuration(backlog.oldest_pending_age_seconds)}`,
          testId: 'webhook-oldest',
        },
      ]}
    />
  );
}
