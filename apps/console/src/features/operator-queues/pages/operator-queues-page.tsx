import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { OperatorOnlyNotice } from '../../../shared/ui/operator-only-notice';

/** Served by the engine outside the app, behind the operator's session. */
const QUEUES_DASHBOARD = '/console/queues/';

export function OperatorQueuesPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  if (!me.user.operator) return <OperatorOnlyNotice page="Queues" />;

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Queues</Title>
      <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-label="The queues dashboard">
        <Stack gap="md" align="flex-start">
          <Text>The engine's background work waits and runs in queues: exports, scrapes, enrichments, billing and webhook deliveries.</Text>
          <Text>
            The queues dashboard shows each queue's jobs by state (waiting, active, delayed, completed, failed), why a job failed, and lets
            you retry it. It opens outside the app; your browser's Back button returns here.
          </Text>
          <Button component="a" href={QUEUES_DASHBOARD} data-testid="queues-dashboard-link">
            Open the queues dashboard
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
