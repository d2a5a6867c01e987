import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { OperatorOnlyNotice } from '../../../shared/ui/operator-only-notice';
import { operatorSystemQueryOptions } from '../api/operator-system.queries';
import { EngineProcessTable } from '../components/engine-process-table';
import { MigrationsStatus } from '../components/migrations-status';
import { PostgresFacts } from '../components/postgres-facts';
import { RedisFacts } from '../components/redis-facts';
import { PageSection } from '../../../shared/ui/page-section';
import { WebhookBacklogFacts } from '../components/webhook-backlog-facts';

const readAt = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

export function OperatorSystemPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const system = useQuery({ ...operatorSystemQueryOptions(), enabled: me.user.operator });

  if (!me.user.operator || isApiCallError(system.error, 'FORBIDDEN')) return <OperatorOnlyNotice page="System" />;

  return (
    <Stack gap="lg" maw={1200} miw={0}>
      <Stack gap={4}>
        <Title order={1}>System</Title>
        <Text c="dimmed">
          The server behind every account: its databases, migrations, engine processes and webhook backlog, read again every 10 seconds.
        </Text>
      </Stack>
      {system.isPending && <Skeleton h={320} />}
      {/* A failed refresh keeps the last figures on screen, under this. */}
      {system.isError && (
        <Alert color="red" role="alert" data-testid="system-error">
          {describeError(system.error)}
        </Alert>
      )}
      {system.data && (
        <>
          <Text size="sm" data-testid="system-read-at">
            Engine version <strong data-testid="engine-version">{system.data.version}</strong> · read at{' '}
            <time dateTime={new Date(system.dataUpdatedAt).toISOString()}>{readAt.format(system.dataUpdatedAt)}</time>
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <PageSection title="PostgreSQL" testId="postgres">
              <PostgresFacts postgres={system.data.postgres} />
            </PageSection>
            <PageSection title="Redis" testId="redis">
              <RedisFacts redis={system.data.redis} />
            </PageSection>
            <PageSection title="Webhook backlog" testId="webhook-backlog">
              <WebhookBacklogFacts backlog={system.data.webhook_backlog} />
            </PageSection>
          </SimpleGrid>
          <PageSection title="Engine processes" testId="engine-processes">
            <Text size="sm" c="dimmed">
              Each process reports itself every 10 seconds; those seen in the last minute are listed, the longest running first.
            </Text>
            {system.data.processes.length === 0 ? (
              <Text data-testid="no-engine-processes">No engine process has reported in the last minute.</Text>
            ) : (
              <EngineProcessTable processes={system.data.processes} now={system.dataUpdatedAt} />
            )}
          </PageSection>
          <PageSection title="Migrations" testId="migrations">
            <MigrationsStatus migrations={system.data.migrations} />
          </PageSection>
        </>
      )}
    </Stack>
  );
}
