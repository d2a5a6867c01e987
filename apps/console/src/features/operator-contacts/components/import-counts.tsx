import type { ContactImport } from '@lead-engine/contracts/console';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { number } from '../contact-import-words';

const COUNTS = [
  ['rows_read', 'Rows read'],
  ['imported', 'Imported'],
  ['updated', 'Updated'],
  ['rejected', 'Rejected'],
] as const;

/** Rows read, imported (new), updated (their id existed) and rejected, as the worker last recorded them. */
export function ImportCounts({ contactImport }: { contactImport: ContactImport }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, xs: 4 }} spacing="sm" m={0}>
      {COUNTS.map(([field, label]) => (
        <Stack key={field} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} size="xl" fw={700} data-testid={`import-${field.replace('_', '-')}`}>
            {number.format(contactImport[field])}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
