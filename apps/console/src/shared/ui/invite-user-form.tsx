import { zodResolver } from '@hookform/resolvers/zod';
import { inviteTeamMemberRequestSchema, type InviteTeamMemberRequest } from '@lead-engine/contracts/console';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ConfirmActions } from './confirm-actions';

const ROLES = { owner: { value: 'owner', label: 'Owner' }, member: { value: 'member', label: 'Member' } } as const;

/** Whom to invite to an account: their email and role (the one offered first is `defaultRole`). */
export function InviteUserForm({
  defaultRole,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  defaultRole: 'owner' | 'member';
  pending: boolean;
  error: unknown;
  onSubmit: (request: InviteTeamMemberRequest) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(inviteTeamMemberRequestSchema), defaultValues: { email: '', role: defaultRole } });
  const { errors } = form.formState;
  const roles = defaultRole === 'owner' ? [ROLES.owner, ROLES.member] : [ROLES.member, ROLES.owner];
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
          data={roles}
          {...form.register('role')}
        />
        <ConfirmActions confirmLabel="Create invite link" pending={pending} error={error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
