import { zodResolver } from '@hookform/resolvers/zod';
import { type InvitedTeamMember, inviteTeamMemberRequestSchema, type OperatorAccount } from '@lead-engine/contracts/console';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { usePhone } from '../../../shared/ui/use-phone';
import { useInviteOperatorUser } from '../api/invite-operator-user.mutation';
import { OneTimeLink } from './one-time-link';

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
          <InviteForm pending={invite.isPending} error={invite.error} onSubmit={(request) => invite.mutate(request)} onCancel={close} />
        )
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
  const form = useForm({ resolver: zodResolver(inviteTeamMemberRequestSchema), defaultValues: { email: '', role: 'owner' as const } });
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
          description="Owners manage the team and see every key; members use the account and see their own keys."
          data={[
            { value: 'owner', label: 'Owner' },
            { value: 'member', label: 'Member' },
          ]}
          {...form.register('role')}
        />
        <ConfirmActions confirmLabel="Create invite link" pending={pending} error={error} onCancel={onCancel} />
      </Stack>
    </form>
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
