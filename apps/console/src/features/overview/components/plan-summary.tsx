import type { PlanView } from '@lead-engine/contracts/console';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatCredits, planLabel } from '../../../shared/lib/plan-format';

/** The plan and its renewal with the next grant; the trial's state, its expiry and what lapses then. */
export function PlanSummary({ view }: { view: PlanView }) {
  const { trial } = view;
  return (
    <Stack gap={6} data-testid="plan-summary">
      <Text fw={700}>{view.plan ? `${planLabel(view.plan)} plan` : 'No plan'}</Text>
      {view.plan && view.renews_at && view.next_grant !== null && (
        <Text size="sm" data-testid="plan-renewal">
          Renews on{' '}
          <time dateTime={view.renews_at} title={formatDateTime(view.renews_at)}>
            {formatDate(view.renews_at)}
          </time>
          , adding {formatCredits(view.next_grant)}.
        </Text>
      )}
      <Text size="sm" data-testid="trial-summary" data-state={trial.state}>
        {trial.state === 'available' && `Trial not started: it grants ${formatCredits(trial.credits)} for ${trial.days} days.`}
        {trial.state === 'active' && trial.expires_at && (
          <>
            Trial active until <time dateTime={trial.expires_at}>{formatDateTime(trial.expires_at)}</time>
            {trial.lapsing_credits
              ? `; ${formatCredits(trial.lapsing_credits)} will lapse then unless spent.`
              : '; all trial credits are spent, nothing will lapse.'}
          </>
        )}
        {trial.state === 'ended' && 'The trial has ended.'}
      </Text>
      <Anchor renderRoot={(props) => <Link {...props} to="/plan" />} size="sm">
        Plan and trial
      </Anchor>
    </Stack>
  );
}
