import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInRequest, signInRequestSchema } from '@lead-engine/contracts/console';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../shared/api/error-messages';
import { useSignIn } from '../api/sign-in.mutation';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useSignIn();
  const form = useForm({ resolver: zodResolver(signInRequestSchema), defaultValues: { email: '', password: '' } });
  const submit = form.handleSubmit((request: SignInRequest) => signIn.mutate(request, { onSuccess: onSignedIn }));
  const { errors } = form.formState;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {signIn.isError && (
          <Alert color="red" role="alert" title="Not signed in">
            {describeError(signIn.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          error={errors.email && 'Enter your email address.'}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password && 'Enter your password.'}
          {...form.register('password')}
        />
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
