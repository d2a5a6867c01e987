import { Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { number } from '../contact-import-words';

const SHOWN = 10;
const RIGHT = { textAlign: 'right' } as const;

/** The most frequent values with their contacts; the rest summed in one line under the table. */
export function ValueCountTable({
  title,
  column,
  counts,
  label = (value) => value,
  testId,
}: {
  title: string;
  column: string;
  counts: Array<{ value: string; count: number }>;
  label?: (value: string) => string;
  testId: string;
}) {
  const headingId = useId();
  const rest = counts.slice(SHOWN);
  return (
    <div data-testid={testId} style={{ minWidth: 0 }}>
      <Title order={3} size="h5" id={headingId} mb={4}>
        {title}
      </Title>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          None recorded.
        </Text>
      ) : (
        <Table aria-labelledby={headingId} verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{column}</Table.Th>
              <Table.Th scope="col" style={RIGHT}>
                Contacts
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {counts.slice(0, SHOWN).map(({ value, count }) => (
              <Table.Tr key={value} data-testid="value-count" data-value={value}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{label(value)}</Table.Td>
                <Table.Td style={RIGHT} data-testid="value-count-number">
                  {number.format(count)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {rest.length > 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          and {number.format(rest.length)} more with {number.format(rest.reduce((sum, { count }) => sum + count, 0))} contacts
        </Text>
      )}
    </div>
  );
}
