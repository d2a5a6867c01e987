import { Alert, Button, Group } from '@mantine/core';
import { describeError } from '../api/error-messages';

interface ConfirmActionsProps {
  confirmLabel: string;
  /** Absent: the action submits the form the buttons stand in, whose field has the focus. */
  onConfirm?: () => void;
  onCancel: () => void;
  pending: boolean;
  /** The last attempt's failure, said in words above the buttons. */
  error: unknown;
  /** Red for what cannot be undone (revoking, removing, deleting). */
  danger?: boolean;
  disabled?: boolean;
  /** How the error is said, when the feature words some codes its own way. */
  describe?: (error: unknown) => string;
}

/**
 * The foot of a confirmation or a small form: what went wrong, then Cancel and the action. A confirmation
 * focuses Cancel first, so that Enter never confirms by accident.
 */
export function ConfirmActions({
  confirmLabel,
  onConfirm,
  onCancel,
  pending,
  error,
  danger = false,
  disabled = false,
  describe = describeError,
}: ConfirmActionsProps) {
  return (
    <>
      {error != null && (
        <Alert color="red" role="alert">
          {describe(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus={onConfirm ? true : undefined}>
          Cancel
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          color={danger ? 'red.9' : undefined}
          loading={pending}
          disabled={disabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
