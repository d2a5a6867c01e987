import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateApiKeyRequest, createApiKeyRequestSchema } from '@lead-engine/contracts/console';
import { Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { NameInput, nameProblem } from '../../../shared/ui/name-input';

/** The one field of creating and renaming a key: a name, trimmed, 1 to 100 visible characters. */
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
  const value = useWatch({ control: form.control, name: 'name' });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <NameInput
          label="Name"
          description="What the key is for, e.g. the tool that uses it"
          required
          data-autofocus
          autoComplete="off"
          typed={value}
          error={errors.name && nameProblem(value)}
          {...form.register('name')}
        />
        <ConfirmActions confirmLabel={submitLabel} pending={pending} error={error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
