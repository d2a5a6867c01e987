import type { OperatorAccountUser, OperatorPasswordReset } from '@lead-engine/contracts/console';
import { Button, Group, Stack, Text } from '@mantine/core';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { usePhone } from '../../../shared/ui/use-phone';
import { useResetOperatorPassword } from '../api/reset-operator-password.mutation';
import { OneTimeLink } from '../../../shared/ui/one-time-link';
import { ShownOnceModal } from '../../../shared/ui/shown-once-modal';

/** Confirms, then shows the user's one-time password link to copy; the password stays as it is until the link is used. */
export function ResetPasswordLinkModal({
  accountId,
  user,
  onClose,
}: {
  accountId: string;
  user: OperatorAccountUser | null;
  onClose: () => void;
}) {
  const reset = useResetOperatorPassword(accountId);
  const phone = usePhone();
  const close = () => {
    reset.reset();
    onClose();
  };
  const who = user ? user.name || user.email : '';
  return (
    <ShownOnceModal
      opened={user !== null}
      onClose={close}
      title={reset.data ? 'Password link' : `Reset the password of ${who}`}
      showing={Boolean(reset.data)}
      fullScreen={phone}
    >
      {user &&
        (reset.data ? (
          <PasswordLink reset={reset.data} email={user.email} onDone={close} />
        ) : (
          <Stack>
            <Text style={{ overflowWrap: 'anywhere' }}>
              Make a one-time link for {user.email} to set a new password? Their password stays as it is until the link is used.
            </Text>
            <ConfirmActions
              confirmLabel="Create password link"
              pending={reset.isPending}
              error={reset.error}
              onCancel={close}
              onConfirm={() => reset.mutate(user.id)}
            />
          </Stack>
        ))}
    </ShownOnceModal>
  );
}

function PasswordLink({ reset, email, onDone }: { reset: OperatorPasswordReset; email: string; onDone: () => void }) {
  return (
    <Stack data-testid="password-link">
      <OneTimeLink
        email={email}
        link={reset.reset_url}
        expiresAt={reset.expires_at}
        label="Password link"
        testId="password-url"
        opens="Whoever opens the link sets a new password (and a name, if the invite was never accepted) and is signed in; the user's other sessions end."
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
