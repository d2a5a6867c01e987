import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Named facts side by side (one under another on a phone), as a description list. */
export function AccountFacts({ facts }: { facts: Array<{ name: string; value: ReactNode; testId: string }> }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: facts.length }} spacing="sm" m={0}>
      {facts.map(({ name, value, testId }) => (
        <div key={name}>
          <Text component="dt" size="sm" c="gray.7">
            {name}
          </Text>
          <Text component="dd" fw={600} m={0} data-testid={testId}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
