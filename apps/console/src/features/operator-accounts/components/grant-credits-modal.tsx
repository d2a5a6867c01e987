import { zodResolver } from '@hookform/resolvers/zod';
import {
  OPERATOR_GRANT_MAX_CREDITS,
  OPERATOR_GRANT_REASON_MAX_LENGTH,
  type OperatorAccount,
  type OperatorGrantRequest,
  operatorGrantRequestSchema,
} from '@lead-engine/contracts/console';
import { Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { formatCredits } from '../../../shared/lib/plan-format';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { usePhone } from '../../../shared/ui/use-phone';
import { useGrantOperatorCredits } from '../api/grant-operator-credits.mutation';

/** Credits and the reason the account's usage will show; the balance after the grant is said before it is made. */
export function GrantCreditsModal({
  account,
  opened,
  onClose,
  onGranted,
}: {
  account: OperatorAccount;
  opened: boolean;
  onClose: () => void;
  onGranted: (words: string) => void;
}) {
  const grant = useGrantOperatorCredits(account.id);
  const phone = usePhone();
  const close = () => {
    grant.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Grant credits to ${account.name}`}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only, so that each opening starts empty. */}
      {opened && (
        <GrantForm
          balance={account.balance.balance}
          pending={grant.isPending}
          error={grant.error}
          onCancel={close}
          onSubmit={(request) =>
            grant.mutate(request, {
              onSuccess: (after) => {
                close();
                onGranted(`Granted ${formatCredits(request.amount)}: the balance is now ${formatCredits(after.balance)}.`);
              },
            })
          }
        />
      )}
    </Modal>
  );
}

function GrantForm({
  balance,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  balance: number;
  pending: boolean;
  error: unknown;
  onSubmit: (request: OperatorGrantRequest) => void;
  onCancel: () => void;
}) {
  const form = useForm<OperatorGrantRequest>({
    resolver: zodResolver(operatorGrantRequestSchema),
    defaultValues: { reason: '' },
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const { errors } = form.formState;
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= OPERATOR_GRANT_MAX_CREDITS;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <NumberInput
              label="Credits"
              description={`1 to ${OPERATOR_GRANT_MAX_CREDITS.toLocaleString('en-US')}`}
              required
              data-autofocus
              min={1}
              max={OPERATOR_GRANT_MAX_CREDITS}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={field.value ?? ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={errors.amount && `Enter a whole number of credits from 1 to ${OPERATOR_GRANT_MAX_CREDITS.toLocaleString('en-US')}.`}
            />
          )}
        />
        <TextInput
          label="Reason"
          description="The account's usage lists the grant with it"
          required
          autoComplete="off"
          maxLength={OPERATOR_GRANT_REASON_MAX_LENGTH}
          error={errors.reason && `Say why, in 1 to ${OPERATOR_GRANT_REASON_MAX_LENGTH} characters.`}
          {...form.register('reason')}
        />
        <Text data-testid="grant-balance-after" aria-live="polite">
          {valid ? (
            <>
              The balance goes from {formatCredits(balance)} to <strong>{formatCredits(balance + amount)}</strong>.
            </>
          ) : (
            `The balance is ${formatCredits(balance)} now.`
          )}
        </Text>
        <ConfirmActions
          confirmLabel={valid ? `Grant ${formatCredits(amount)}` : 'Grant credits'}
          pending={pending}
          error={error}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
