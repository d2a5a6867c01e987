import { TRIAL_CREDITS, TRIAL_DAYS } from '@lead-engine/core/credit-allowances';
import type { OperatorAccount } from '@lead-engine/contracts/console';
import { Modal, Stack, Text } from '@mantine/core';
import { formatCredits } from '../../../shared/lib/plan-format';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { useStartOperatorTrial } from '../api/start-operator-trial.mutation';

/** Confirms the start: the trial is once per account, and what is left of it lapses after its days. */
export function StartAccountTrialModal({
  account,
  opened,
  onClose,
  onStarted,
}: {
  account: OperatorAccount;
  opened: boolean;
  onClose: () => void;
  onStarted: (words: string) => void;
}) {
  const start = useStartOperatorTrial(account.id);
  const close = () => {
    start.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Start the trial of ${account.name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          Start the {TRIAL_DAYS}-day trial now? {formatCredits(TRIAL_CREDITS)} are added to the balance at once; what is left of them after{' '}
          {TRIAL_DAYS} days lapses. An account has the trial only once.
        </Text>
        <ConfirmActions
          confirmLabel="Start trial"
          pending={start.isPending}
          error={start.error}
          onCancel={close}
          onConfirm={() =>
            start.mutate(undefined, {
              onSuccess: (after) => {
                close();
                onStarted(`The trial started: the balance is now ${formatCredits(after.balance.balance)}.`);
              },
            })
          }
        />
      </Stack>
    </Modal>
  );
}
