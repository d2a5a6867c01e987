import { type InvitedTeamMember, type OperatorAccount } from '@lead-engine/contracts/console';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { InviteUserForm } from '../../../shared/ui/invite-user-form';
import { usePhone } from '../../../shared/ui/use-phone';
import { useInviteOperatorUser } from '../api/invite-operator-user.mutation';
import { OneTimeLink } from '../../../shared/ui/one-time-link';

/** A new user of the account: their email and role, then their one-time link to copy (no mail is sent). */
export function InviteAccountUserModal({ account, opened, onClose }: { account: OperatorAccount; opened: boolean; onClose: () => void }) {
  const invite = useInviteOperatorUser(account.id);
  const phone = usePhone();
  const close = () => {
    invite.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={invite.data ? 'Invite link' : `Invite a user to ${account.name}`}
      size="lg"
      fullScreen={phone}
      // The link must not be lost to a stray click or Escape: it closes by its button only.
      closeOnClickOutside={!invite.data}
      closeOnEscape={!invite.data}
      withCloseButton={!invite.data}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {invite.data ? (
        <InviteLink invited={invite.data} email={invite.variables?.email ?? ''} onDone={close} />
      ) : (
        opened && (
          <InviteUserForm
            defaultRole="owner"
            pending={invite.isPending}
            error={invite.error}
            onSubmit={(request) => invite.mutate(request)}
            onCancel={close}
          />
        )
      )}
    </Modal>
  );
}

function InviteLink({ invited, email, onDone }: { invited: InvitedTeamMember; email: string; onDone: () => void }) {
  return (
    <Stack data-testid="account-invite-link">
      <OneTimeLink
        email={email}
        link={invited.invite_url}
        expiresAt={invited.expires_at}
        label="Invite link"
        testId="invite-url"
        opens="Whoever opens the link chooses their name and password and is signed in to the account."
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
