import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of a page, framed and named by its heading. */
export function PageSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p={{ base: 'sm', sm: 'md' }} aria-label={title} data-testid={testId} miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
