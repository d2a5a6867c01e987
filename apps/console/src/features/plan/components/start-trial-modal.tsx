import type { PlanView } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { formatCredits } from '../../../shared/lib/plan-format';
import { useStartTrial } from '../api/start-trial.mutation';

/** Confirms the start: the trial is one-time, and what is left of it expires after its days. */
export function StartTrialModal({ opened, view, onClose }: { opened: boolean; view: PlanView; onClose: () => void }) {
  const start = useStartTrial();
  const close = () => {
    start.reset();
    onClose();
  };
  const refused = isApiCallError(start.error, 'TRIAL_USED');
  return (
    <Modal opened={opened} onClose={close} title="Start the trial" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          Start the {view.trial.days}-day trial now? {formatCredits(view.trial.credits)} are added to the balance at once; what is left of
          them after {view.trial.days} days expires.
        </Text>
        <Text size="sm" c="dimmed">
          The trial can be started only once per account.
        </Text>
        {start.isError && (
          <Alert color="red" role="alert" title={refused ? 'The trial was not started' : undefined}>
            {describeError(start.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {refused ? 'Close' : 'Cancel'}
          </Button>
          {!refused && (
            <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: close })}>
              Start trial
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
