import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { CsvDownloadButtons } from '../../../shared/ui/csv-download-buttons';
import { usageCsvHref, usagePageQueryOptions } from '../api/usage.queries';
import { UsageFilters } from '../components/usage-filters';
import { UsageTable } from '../components/usage-table';
import type { UsageSearch } from '../usage-search';

const route = getRouteApi('/signed-in/usage');

export function UsagePage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const me = useQuery(meQueryOptions());
  const onChange = (change: Partial<UsageSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) });

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Usage</Title>
          <Text c="dimmed">Every credit added, spent, held and given back, newest first. Days are UTC.</Text>
        </Stack>
        <CsvDownloadButtons source={{ href: (flavour) => usageCsvHref(search, flavour) }} label="Download CSV" variant="default" testId="usage-csv" />
      </Group>

      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <UsageFilters search={search} isOwner={me.data?.user.role === 'owner'} onChange={onChange} />
      </Paper>

      {/* A new filter starts again at the newest page. */}
      <UsageEntries key={JSON.stringify(search)} search={search} />
    </Stack>
  );
}

/** One page of the ledger at a time; the cursors of the newer pages are kept to go back to them. */
function UsageEntries({ search }: { search: UsageSearch }) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useQuery(usagePageQueryOptions(search, cursor));
  const filtered = Object.values(search).some((value) => value !== undefined);

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Ledger entries" aria-busy={page.isFetching}>
      {page.isPending && <Skeleton h={160} />}
      {page.isError && (
        <Alert color="red" role="alert">
          {describeError(page.error)}
        </Alert>
      )}
      {page.data &&
        (page.data.items.length === 0 && cursors.length === 1 ? (
          <Text py="md" ta="center" data-testid="no-usage">
            {filtered ? 'No usage matches these filters.' : 'No usage yet: credits added and spent will show here.'}
          </Text>
        ) : (
          <Stack gap="sm">
            <UsageTable entries={page.data.items} />
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" data-testid="usage-page-number">
                Page {cursors.length}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  disabled={cursors.length === 1 || page.isPlaceholderData}
                  onClick={() => setCursors((stack) => stack.slice(0, -1))}
                >
                  Newer
                </Button>
                <Button
                  variant="default"
                  disabled={!page.data.next_cursor || page.isPlaceholderData}
                  onClick={() => setCursors((stack) => [...stack, page.data.next_cursor ?? undefined])}
                >
                  Older
                </Button>
              </Group>
            </Group>
          </Stack>
        ))}
      {page.data && (
        <Text size="xs" c="dimmed" mt="xs">
          Download CSV gives every entry these filters match, not only this page.
        </Text>
      )}
    </Paper>
  );
}
