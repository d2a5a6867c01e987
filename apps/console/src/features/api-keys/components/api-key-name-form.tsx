import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateApiKeyRequest, createApiKeyRequestSchema } from '@lead-engine/contracts/console';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';

/** The one field of creating and renaming a key: a name, trimmed, 1 to 100 characters. */
export function ApiKeyNameForm({
  name = '',
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  name?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (request: CreateApiKeyRequest) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(createApiKeyRequestSchema), defaultValues: { name } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="What the key is for, e.g. the tool that uses it"
          required
          data-autofocus
          maxLength={100}
          autoComplete="off"
          error={errors.name && 'Enter a name of 1 to 100 characters.'}
          {...form.register('name')}
        />
        <ConfirmActions confirmLabel={submitLabel} pending={pending} error={error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
