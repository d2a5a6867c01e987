import { type InvitedTeamMember, type OperatorAccount } from '@lead-engine/contracts/console';
import { Button, Group, Stack } from '@mantine/core';
import { InviteUserForm } from '../../../shared/ui/invite-user-form';
import { usePhone } from '../../../shared/ui/use-phone';
import { useInviteOperatorUser } from '../api/invite-operator-user.mutation';
import { OneTimeLink } from '../../../shared/ui/one-time-link';
import { ShownOnceModal } from '../../../shared/ui/shown-once-modal';

/** A new user of the account: their email and role, then their one-time link to copy (no mail is sent). */
export function InviteAccountUserModal({ account, opened, onClose }: { account: OperatorAccount; opened: boolean; onClose: () => void }) {
  const invite = useInviteOperatorUser(account.id);
  const phone = usePhone();
  const close = () => {
    invite.reset();
    onClose();
  };
  return (
    <ShownOnceModal
      opened={opened}
      onClose={close}
      title={invite.data ? 'Invite link' : `Invite a user to ${account.name}`}
      showing={Boolean(invite.data)}
      fullScreen={phone}
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
    </ShownOnceModal>
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
