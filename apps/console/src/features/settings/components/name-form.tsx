import { zodResolver } from '@hookform/resolvers/zod';
import { type UpdateMeRequest, updateMeRequestSchema } from '@lead-engine/contracts/console';
import { Alert, Button, Group } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { describeError } from '../../../shared/api/error-messages';
import { NameInput, nameProblem } from '../../../shared/ui/name-input';
import { useUpdateName } from '../api/update-name.mutation';

export function NameForm({ name }: { name: string }) {
  const update = useUpdateName();
  const form = useForm({ resolver: zodResolver(updateMeRequestSchema), values: { name } });
  const submit = form.handleSubmit((request: UpdateMeRequest) => update.mutate(request));
  const { errors } = form.formState;
  const value = useWatch({ control: form.control, name: 'name' });

  return (
    <form onSubmit={submit} noValidate aria-label="Your name">
      <Group align="flex-start" wrap="wrap">
        <NameInput
          label="Name"
          autoComplete="name"
          required
          style={{ flex: '1 1 16rem' }}
          typed={value}
          error={errors.name && nameProblem(value)}
          {...form.register('name')}
        />
        <Button type="submit" loading={update.isPending} mt={{ base: 0, xs: 25 }}>
          Save name
        </Button>
      </Group>
      {update.isError && (
        <Alert color="red" role="alert" mt="sm">
          {describeError(update.error)}
        </Alert>
      )}
      {update.isSuccess && (
        <Alert color="teal" role="status" mt="sm">
          Your name is saved.
        </Alert>
      )}
    </form>
  );
}
