import { renameSavedSearchRequestSchema } from '@lead-engine/contracts/console';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { NameInput, nameProblem } from '../../../shared/ui/name-input';

/**
 * The one field of saving and renaming a search: a name, trimmed, 1 to 100 visible characters, checked by the
 * contract's schema. A plain form: react-hook-form would add 13 KB gzipped to a page at its budget's edge
 * for a single field. A name another search has is said under the field, while the field still holds it.
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
  const [submitted, setSubmitted] = useState<string | null>(null);
  const taken = isApiCallError(error) && error.code === 'SAVED_SEARCH_NAME_TAKEN';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = renameSavedSearchRequestSchema.safeParse({ name: value });
        setInvalid(!parsed.success);
        if (!parsed.success) return;
        setSubmitted(parsed.data.name);
        onSubmit(parsed.data.name);
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
          error={invalid ? nameProblem(value) : taken && value.trim() === submitted && describeError(error)}
        />
        <ConfirmActions confirmLabel={submitLabel} pending={pending} error={taken ? null : error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
