import type { OperatorLeadTable } from '@lead-engine/contracts/console';
import { Text } from '@mantine/core';

const STATES: Record<OperatorLeadTable['state'], { words: string; color: string }> = {
  'not-loaded': { words: 'Not loaded', color: 'gray.7' },
  loading: { words: 'Loading', color: 'blue.9' },
  ready: { words: 'Ready', color: 'teal.9' },
  failed: { words: 'Failed', color: 'red.9' },
};

/** The state in a word, and why a failed load failed. */
export function LeadTableState({ table }: { table: OperatorLeadTable }) {
  const { words, color } = STATES[table.state];
  return (
    <>
      <Text component="span" fw={600} c={color} inherit>
        {words}
      </Text>
      {table.failure && (
        <Text size="xs" c="red.9" maw="16rem" style={{ whiteSpace: 'normal' }}>
          {table.failure}
        </Text>
      )}
    </>
  );
}
