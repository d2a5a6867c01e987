import type { PlanView } from '@lead-engine/contracts/console';
import { Button, Stack, Text } from '@mantine/core';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatCredits } from '../../../shared/lib/plan-format';

/** The one-time trial: what it grants (and a start button for owners), when it expires and what lapses then, or that it ended. */
export function TrialStatus({ view, onStart }: { view: PlanView; onStart: () => void }) {
  const { trial } = view;
  const grants = `${formatCredits(trial.credits)} for ${trial.days} days`;
  return (
    <Stack gap="sm" align="flex-start" data-testid="trial" data-state={trial.state}>
      {trial.state === 'available' && (
        <>
          <Text>
            The one-time trial grants {grants}. Trial credits are spent first; those still unspent when it ends expire, and credits you had
            before stay.
          </Text>
          {view.can_start_trial ? (
            <Button onClick={onStart}>Start trial</Button>
          ) : (
            <Text size="sm" c="dimmed">
              Only the account&apos;s owner can start it.
            </Text>
          )}
        </>
      )}
      {trial.state === 'active' && trial.expires_at && (
        <>
          <Text fw={600}>
            Trial active until{' '}
            <time dateTime={trial.expires_at} title={formatDateTime(trial.expires_at)}>
              {formatDateTime(trial.expires_at)}
            </time>
            .
          </Text>
          <Text data-testid="trial-lapsing">
            {trial.lapsing_credits
              ? `${formatCredits(trial.lapsing_credits)} of the trial will lapse then unless spent before (trial credits are spent first).`
              : 'All trial credits are spent; nothing will lapse.'}
          </Text>
        </>
      )}
      {trial.state === 'ended' && (
        <Text>
          The trial ({grants}) ended
          {trial.expires_at ? (
            <>
              {' '}
              on <time dateTime={trial.expires_at}>{formatDate(trial.expires_at)}</time>
            </>
          ) : null}
          . It can be had only once.
        </Text>
      )}
    </Stack>
  );
}
