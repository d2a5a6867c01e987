import type { OperatorAccount } from '@lead-engine/contracts/console';
import { Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCredits, planLabel } from '../../../shared/lib/plan-format';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { usePhone } from '../../../shared/ui/use-phone';
import { useSetOperatorPlan } from '../api/set-operator-plan.mutation';
import { PLAN_CHOICES, type PlanChoice } from '../plan-choices';

/** Each plan with what it grants per month; a new plan grants its first month at once. */
export function SetPlanModal({
  account,
  opened,
  onClose,
  onSet,
}: {
  account: OperatorAccount;
  opened: boolean;
  onClose: () => void;
  onSet: (words: string) => void;
}) {
  const setPlan = useSetOperatorPlan(account.id);
  const phone = usePhone();
  const close = () => {
    setPlan.reset();
    onClose();
  };
  const submit = (plan: PlanChoice) =>
    setPlan.mutate(
      { plan },
      {
        onSuccess: (after) => {
          close();
          onSet(
            after.plan.name
              ? `The plan is now ${planLabel(after.plan.name)}; the balance is ${formatCredits(after.balance.balance)}.`
              : 'The plan has ended; the credits it granted stay.',
          );
        },
      },
    );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Set the plan of ${account.name}`}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only, so that each opening starts from the account's plan as it is then. */}
      {opened && (
        <PlanForm
          current={(account.plan.name ?? 'none') as PlanChoice}
          pending={setPlan.isPending}
          error={setPlan.error}
          onSubmit={submit}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

function PlanForm({
  current,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  current: PlanChoice;
  pending: boolean;
  error: unknown;
  onSubmit: (plan: PlanChoice) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<PlanChoice>(current);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== current) onSubmit(chosen);
      }}
    >
      <Stack>
        <Radio.Group
          label="Plan"
          description="A new plan grants its first month's credits at once, then again every month."
          value={chosen}
          onChange={(value) => setChosen(value as PlanChoice)}
        >
          <Stack gap="xs" mt="xs">
            {PLAN_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} data-autofocus={choice.value === current || undefined} />
            ))}
          </Stack>
        </Radio.Group>
        {chosen === current && (
          <Text size="sm" c="dimmed">
            This is the account&apos;s plan now: choose another to change it.
          </Text>
        )}
        <ConfirmActions confirmLabel="Set plan" pending={pending} error={error} onCancel={onCancel} disabled={chosen === current} />
      </Stack>
    </form>
  );
}
