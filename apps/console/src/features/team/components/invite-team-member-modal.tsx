import { zodResolver } from '@hookform/resolvers/zod';
import { type InvitedTeamMember, inviteTeamMemberRequestSchema } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { CopyableField } from '../../../shared/ui/copyable-field';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../shared/api/error-messages';
import { teamKeys } from '../../../shared/api/team.queries';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useInviteTeamMember } from '../api/invite-team-member.mutation';

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
    <Modal
      opened={opened}
      onClose={close}
      title={invite.data ? 'Invite link' : 'Invite a user'}
      size="lg"
      // The link must not be lost to a stray click or Escape: it closes by its button only.
      closeOnClickOutside={!invite.data}
      closeOnEscape={!invite.data}
      withCloseButton={!invite.data}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {invite.data ? (
        <InviteLink invited={invite.data} email={invite.variables?.email ?? ''} onDone={close} />
      ) : (
        <InviteForm pending={invite.isPending} error={invite.error} onSubmit={(request) => invite.mutate(request)} onCancel={close} />
      )}
    </Modal>
  );
}

function InviteForm({
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (request: { email: string; role: 'owner' | 'member' }) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(inviteTeamMemberRequestSchema), defaultValues: { email: '', role: 'member' as const } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          required
          data-autofocus
          maxLength={254}
          autoComplete="off"
          error={errors.email && 'Enter an email address.'}
          {...form.register('email')}
        />
        <NativeSelect
          label="Role"
          description="Owners manage the team and the plan and see every key; members use the account and see their own keys."
          data={[
            { value: 'member', label: 'Member' },
            { value: 'owner', label: 'Owner' },
          ]}
          {...form.register('role')}
        />
        {error != null && (
          <Alert color="red" role="alert">
            {describeError(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create invite link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InviteLink({ invited, email, onDone }: { invited: InvitedTeamMember; email: string; onDone: () => void }) {
  return (
    <Stack data-testid="invite-link">
      <Alert color="yellow" variant="light" role="status">
        <strong>Copy it now.</strong> This link for <strong>{email}</strong> is shown only this once. No email is sent: give it to them
        yourself. It works once, until {formatDateTime(invited.expires_at)}.
      </Alert>
      <CopyableField label="Invite link" value={invited.invite_url} copyLabel="Copy link" />
      <Text size="sm" c="dimmed">
        Whoever opens the link chooses their name and password and is signed in.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
