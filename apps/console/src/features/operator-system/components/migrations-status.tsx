import type { OperatorMigrations } from '@lead-engine/contracts/console';
import { Alert, Code, List, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../shared/lib/format-date';
import { formatCount } from '../system-words';
import { FactTable } from './fact-table';

/** The migrations applied, the newest one, and any pending (this engine knows them, the database lacks them). */
export function MigrationsStatus({ migrations }: { migrations: OperatorMigrations }) {
  const pending = migrations.pending.length;
  return (
    <Stack gap="sm">
      <FactTable
        facts={[
          { label: 'Applied', value: formatCount(migrations.applied), testId: 'migrations-applied' },
          {
            label: 'Latest',
            value: migrations.last ? (
              <>
                <Code>{migrations.last.name}</Code>{' '}
                <Text component="span" size="sm" c="dimmed">
                  written <time dateTime={migrations.last.written_at}>{formatDate(migrations.last.written_at)}</time>
                </Text>
              </>
            ) : (
              'none'
            ),
            testId: 'migrations-latest',
          },
          {
            label: 'Pending',
            value: pending === 0 ? 'none: the database is up to date' : formatCount(pending),
            testId: 'migrations-pending',
          },
        ]}
      />
      {pending > 0 && (
        <Alert
          color="orange"
          variant="light"
          title={pending === 1 ? '1 migration is pending' : `${formatCount(pending)} migrations are pending`}
          data-testid="pending-migrations"
        >
          <Text size="sm">The engine runs them when it starts: restart it to apply them.</Text>
          <List size="sm" mt="xs">
            {migrations.pending.map((name) => (
              <List.Item key={name}>
                <Code>{name}</Code>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
