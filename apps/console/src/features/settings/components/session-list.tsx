import type { ConsoleSession } from '@lead-engine/contracts/console';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../../shared/api/error-messages';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useEndAllSessions } from '../api/end-all-sessions.mutation';
import { useEndSession } from '../api/end-session.mutation';
import { sessionsQueryOptions } from '../api/sessions.queries';

export function SessionList() {
  const sessions = useQuery(sessionsQueryOptions());
  const endAll = useEndAllSessions();

  return (
    <Stack>
      {sessions.isPending && <Skeleton h={80} />}
      {sessions.isError && (
        <Alert color="red" role="alert">
          {describeError(sessions.error)}
        </Alert>
      )}
      {sessions.data && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
          {sessions.data.items.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </Stack>
      )}
      <Group>
        <Button variant="outline" color="red.9" loading={endAll.isPending} onClick={() => endAll.mutate()}>
          Sign out everywhere
        </Button>
        <Text size="sm" c="dimmed">
          Ends every session, this one too.
        </Text>
      </Group>
      {endAll.isError && (
        <Alert color="red" role="alert">
          {describeError(endAll.error)}
        </Alert>
      )}
    </Stack>
  );
}

function SessionItem({ session }: { session: ConsoleSession }) {
  const end = useEndSession();
  const browser = session.browser ?? 'Unknown browser';
  return (
    <Paper component="li" withBorder p="sm" data-testid="session" data-current={session.current}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{browser}</Text>
            {session.current && (
              <Badge color="teal.9" variant="filled">
                This session
              </Badge>
            )}
          </Group>
          <Text size="sm">
            Signed in {formatDateTime(session.created_at)} · last seen {formatDateTime(session.last_seen_at)}
          </Text>
          <Text size="sm" c="dimmed">
            From {session.address ?? 'an unknown address'}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            loading={end.isPending}
            onClick={() => end.mutate(session.id)}
            aria-label={`End the session of ${browser} signed in ${formatDateTime(session.created_at)}`}
          >
            End
          </Button>
        )}
      </Group>
    </Paper>
  );
}
