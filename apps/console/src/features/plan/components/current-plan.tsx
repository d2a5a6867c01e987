import type { PlanView } from '@lead-engine/contracts/console';
import { Code, Stack, Text } from '@mantine/core';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatCredits, planLabel } from '../../../shared/lib/plan-format';

export function CurrentPlan({ view }: { view: PlanView }) {
  return (
    <Stack gap="xs" data-testid="current-plan">
      {view.plan ? (
        <>
          <Text size="xl" fw={700}>
            {planLabel(view.plan)} plan
          </Text>
          {view.renews_at && view.next_grant !== null && (
            <Text data-testid="plan-renewal">
              Renews on{' '}
              <time dateTime={view.renews_at} title={formatDateTime(view.renews_at)}>
                {formatDate(view.renews_at)}
              </time>
              , adding {formatCredits(view.next_grant)}.
            </Text>
          )}
        </>
      ) : (
        <Text size="xl" fw={700}>
          No plan
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Plans are changed by the operator of this server (the command <Code>plans:set</Code>); there is nothing to buy here.
      </Text>
    </Stack>
  );
}
