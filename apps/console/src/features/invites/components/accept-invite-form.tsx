import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInviteRequestSchema, type InviteView, PASSWORD_MIN_LENGTH } from '@lead-engine/contracts/console';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { describeError } from '../../../shared/api/error-messages';
import { NameInput, nameProblem } from '../../../shared/ui/name-input';
import { useAcceptInvite } from '../api/accept-invite.mutation';

const inviteFormSchema = acceptInviteRequestSchema.required({ name: true });

export function AcceptInviteForm({ token, invite, onAccepted }: { token: string; invite: InviteView; onAccepted: () => void }) {
  const accept = useAcceptInvite(token);
  const asksName = invite.purpose === 'invite';
  const form = useForm<z.input<typeof acceptInviteRequestSchema>, unknown, z.output<typeof acceptInviteRequestSchema>>({
    resolver: zodResolver(asksName ? inviteFormSchema : acceptInviteRequestSchema),
    defaultValues: asksName ? { name: '', password: '' } : { password: '' },
  });
  const submit = form.handleSubmit((request) =>
    accept.mutate(asksName ? request : { password: request.password }, { onSuccess: onAccepted }),
  );
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {accept.isError && (
          <Alert color="red" role="alert" title="Not saved">
            {describeError(accept.error)}
          </Alert>
        )}
        <TextInput label="Email" value={invite.email} readOnly autoComplete="username" />
        {asksName && (
          <NameInput
            label="Your name"
            autoComplete="name"
            required
            autoFocus
            typed={name}
            error={errors.name && nameProblem(name, 'Enter your name (up to 100 characters).')}
            {...form.register('name')}
          />
        )}
        <PasswordInput
          label={asksName ? 'Password' : 'New password'}
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          autoFocus={!asksName}
          error={errors.password && `Use at least ${PASSWORD_MIN_LENGTH} characters.`}
          {...form.register('password')}
        />
        <Button type="submit" loading={accept.isPending}>
          {asksName ? 'Create my sign-in' : 'Set the new password'}
        </Button>
      </Stack>
    </form>
  );
}
