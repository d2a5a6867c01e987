import { renameSavedSearchRequestSchema } from '@lead-engine/contracts/console';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { NameInput, nameProblem } from '../../../shared/ui/name-input';

/**
 * The one field of saving and renaming a search: a name, trimmed, 1 to 100 visible characters, checked by the
 * contract's schema. A plain form: react-hook-form would add 13 KB gzipped to a page at its budget's edge
 * for a single field.
 */
export function SavedSearchNameForm({
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
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(name);
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = renameSavedSearchRequestSchema.safeParse({ name: value });
        setInvalid(!parsed.success);
        if (parsed.success) onSubmit(parsed.data.name);
      }}
      noValidate
    >
      <Stack>
        <NameInput
          label="Name"
          required
          data-autofocus
          autoComplete="off"
          value={value}
          typed={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={invalid && nameProblem(value)}
        />
        <ConfirmActions confirmLabel={submitLabel} pending={pending} error={error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
