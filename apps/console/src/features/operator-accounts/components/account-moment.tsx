import { Text } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../../shared/lib/format-date';

/** A moment as "5 minutes ago" (the exact time on hover), or words for never. */
export function AccountMoment({ iso, never = 'never' }: { iso: string | null; never?: string }) {
  if (!iso)
    return (
      <Text component="span" c="dimmed" inherit fw={400}>
        {never}
      </Text>
    );
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso)}
    </time>
  );
}
