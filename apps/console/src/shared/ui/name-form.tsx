import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_MAX_LENGTH, visibleName } from '@lead-engine/contracts/console';
import { Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmActions } from './confirm-actions';
import { NameInput, nameProblem } from './name-input';

const nameFormSchema = z.object({ name: visibleName(NAME_MAX_LENGTH) });

/** A form of one field, a name (trimmed, 1 to 100 visible characters), as keys and accounts are named. */
export function NameForm({
  name = '',
  description,
  confirmLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  name?: string;
  /** What the name says, under the field. */
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (request: { name: string }) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(nameFormSchema), defaultValues: { name } });
  const value = useWatch({ control: form.control, name: 'name' });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <NameInput
          label="Name"
          description={description}
          required
          data-autofocus
          autoComplete="off"
          typed={value}
          error={form.formState.errors.name && nameProblem(value)}
          {...form.register('name')}
        />
        <ConfirmActions confirmLabel={confirmLabel} pending={pending} error={error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
