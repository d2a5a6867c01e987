import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The pages shown without the frame (sign-in, invite, errors): a title and a card in the middle. */
export function CenteredCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack w="100%" maw={420} gap="lg">
        <Stack gap={4}>
          <Text fw={700} c="indigo.8">
            Lead Engine
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        <Paper withBorder shadow="sm" p="lg">
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
