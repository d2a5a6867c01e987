import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  testId: string;
}

/** Facts as name and value, one per row: narrow enough for a phone. */
export function FactTable({ facts }: { facts: Fact[] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false}>
      <Table.Tbody>
        {facts.map((fact) => (
          <Table.Tr key={fact.testId}>
            <Table.Th scope="row" w="40%" fw={500}>
              {fact.label}
            </Table.Th>
            <Table.Td data-testid={fact.testId} style={{ overflowWrap: 'anywhere' }}>
              {fact.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
