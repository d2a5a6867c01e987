import { invisibleCharacterProblem, NAME_MAX_LENGTH } from '@lead-engine/contracts/console';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What is wrong with a name the contract refused, in the engine's words when a character is to blame. */
export function nameProblem(value: string, empty = `Enter a name of 1 to ${NAME_MAX_LENGTH} characters.`): string {
  return invisibleCharacterProblem(value.trim()) ?? empty;
}

/**
 * A key, saved-search or user name: its length against the limit is shown while typing, and the browser
 * stops the typing at the limit, the counter then in bold, instead of the name being refused later.
 */
export function NameInput({
  typed,
  description,
  ...props
}: Omit<TextInputProps, 'maxLength' | 'description'> & {
  /** The text in the field now: the field may be react-hook-form's, whose value the input does not hold as a prop. */
  typed: string;
  description?: ReactNode;
}) {
  const full = typed.length >= NAME_MAX_LENGTH;
  return (
    <TextInput
      {...props}
      maxLength={NAME_MAX_LENGTH}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      description={
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 'var(--mantine-spacing-xs)' }}>
          <span>{description}</span>
          <span data-testid="name-length" style={{ flexShrink: 0, fontWeight: full ? 700 : undefined }}>
            {typed.length} / {NAME_MAX_LENGTH}
          </span>
        </span>
      }
    />
  );
}
