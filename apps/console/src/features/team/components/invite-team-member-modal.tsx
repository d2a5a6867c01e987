import { type InvitedTeamMember } from '@lead-engine/contracts/console';
import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../../shared/api/team.queries';
import { InviteUserForm } from '../../../shared/ui/invite-user-form';
import { OneTimeLink } from '../../../shared/ui/one-time-link';
import { useInviteTeamMember } from '../api/invite-team-member.mutation';
import { ShownOnceModal } from '../../../shared/ui/shown-once-modal';

/**
 * Invite someone: their email and role, then their one-time link, shown this once to copy (no mail is
 * sent). Closing forgets the link and refreshes the list.
 */
export function InviteTeamMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const invite = useInviteTeamMember();
  const close = () => {
    const invited = invite.isSuccess;
    invite.reset();
    onClose();
    if (invited) void queryClient.invalidateQueries({ queryKey: teamKeys.all });
  };

  return (
    <ShownOnceModal opened={opened} onClose={close} title={invite.data ? 'Invite link' : 'Invite a user'} showing={Boolean(invite.data)}>
      {invite.data ? (
        <InviteLink invited={invite.data} email={invite.variables?.email ?? ''} onDone={close} />
      ) : (
        <InviteUserForm
          defaultRole="member"
          pending={invite.isPending}
          error={invite.error}
          onSubmit={(request) => invite.mutate(request)}
          onCancel={close}
        />
      )}
    </ShownOnceModal>
  );
}

function InviteLink({ invited, email, onDone }: { invited: InvitedTeamMember; email: string; onDone: () => void }) {
  return (
    <Stack data-testid="invite-link">
      <OneTimeLink
        email={email}
        link={invited.invite_url}
        expiresAt={invited.expires_at}
        label="Invite link"
        opens="Whoever opens the link chooses their name and password and is signed in."
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
