import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordRequest, changePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@lead-engine/contracts/console';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { useChangePassword } from '../api/change-password.mutation';

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordRequestSchema), defaultValues: { current_password: '', new_password: '' } });
  const submit = form.handleSubmit((request: ChangePasswordRequest) => change.mutate(request, { onSuccess: () => form.reset() }));
  const { errors } = form.formState;

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack maw={420}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.current_password && 'Enter your current password.'}
          {...form.register('current_password')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          error={errors.new_password && `Use at least ${PASSWORD_MIN_LENGTH} characters.`}
          {...form.register('new_password')}
        />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
        {change.isError && (
          <Alert color="red" role="alert">
            {isApiCallError(change.error, 'INVALID_CREDENTIALS') ? 'The current password is not correct.' : describeError(change.error)}
          </Alert>
        )}
        {change.isSuccess && (
          <Alert color="teal" role="status">
            Your password is changed. Every other session was ended; this one stays signed in.
          </Alert>
        )}
      </Stack>
    </form>
  );
}
