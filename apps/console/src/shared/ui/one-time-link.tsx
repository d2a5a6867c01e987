import { Text } from '@mantine/core';
import { formatDateTime } from '../lib/format-date';
import { ShownOnce } from './shown-once';

/** An invite or password link shown this once to copy: no mail is sent, whoever made it hands it over. */
export function OneTimeLink({
  email,
  link,
  expiresAt,
  label,
  testId,
  opens,
}: {
  email: string;
  link: string;
  expiresAt: string;
  label: string;
  testId?: string;
  /** What whoever opens the link does there. */
  opens: string;
}) {
  return (
    <>
      <ShownOnce
        warning={
          <>
            <strong>Copy it now.</strong> This link for <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> is shown only this
            once. No email is sent: give it to them yourself. It works once, until {formatDateTime(expiresAt)}.
          </>
        }
        label={label}
        value={link}
        copyLabel="Copy link"
        testId={testId}
      />
      <Text size="sm" c="dimmed">
        {opens}
      </Text>
    </>
  );
}
