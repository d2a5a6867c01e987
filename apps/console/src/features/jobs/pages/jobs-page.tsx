import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { credits } from '../../../shared/ui/cost-lines';
import { jobListQueryOptions } from '../api/jobs.queries';
import { useBalanceAfterJobs } from '../api/use-balance-after-jobs';
import { JobFilters } from '../components/job-filters';
import { JobTable } from '../components/job-table';
import { StartEnrichmentModal } from '../components/start-enrichment-modal';
import { StartScrapeModal } from '../components/start-scrape-modal';
import { number } from '../job-words';
import type { JobsSearch } from '../jobs-search';

const route = getRouteApi('/signed-in/jobs');

export function JobsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onChange = (change: Partial<JobsSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) });
  const [starting, setStarting] = useState<'scrape' | 'enrichment' | null>(null);
  /** The job just started here, said above the list with a link to its details. */
  const [started, setStarted] = useState<{ type: 'scrape' | 'enrichment'; id: string; words: string } | null>(null);
  const close = () => setStarting(null);
  const show = (job: NonNullable<typeof started>) => {
    setStarting(null);
    setStarted(job);
    // The new job is listed first; a filter must not hide it.
    if (search.type || search.status) onChange({ type: undefined, status: undefined });
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem' }}>
          <Title order={1}>Jobs</Title>
          <Text c="dimmed">
            Exports, scrapes and enrichments newest first, with what they hold, charged and gave back. Running jobs update by themselves.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button onClick={() => setStarting('scrape')}>Read websites</Button>
          <Button onClick={() => setStarting('enrichment')}>Enrich a CSV</Button>
        </Group>
      </Group>

      {started && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setStarted(null)}
          data-testid={`${started.type}-started`}
        >
          {started.words}: it is at the top of the list.{' '}
          <Anchor
            c="indigo.9"
            renderRoot={(props) => <Link {...props} to="/jobs/$type/$id" params={{ type: started.type, id: started.id }} />}
          >
            Its details
          </Anchor>
        </Alert>
      )}

      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <JobFilters search={search} onChange={onChange} />
      </Paper>

      <JobList search={search} />

      <StartScrapeModal
        opened={starting === 'scrape'}
        onClose={close}
        onStarted={(scrape) =>
          show({
            type: 'scrape',
            id: scrape.id,
            words: `Reading ${number.format(scrape.sites)} ${scrape.sites === 1 ? 'site' : 'sites'}, ${credits(scrape.credits)} held`,
          })
        }
      />
      <StartEnrichmentModal
        opened={starting === 'enrichment'}
        onClose={close}
        onStarted={(enrichment) =>
          show({
            type: 'enrichment',
            id: enrichment.id,
            words: `Enriching ${number.format(enrichment.rows)} ${enrichment.rows === 1 ? 'row' : 'rows'} of ${enrichment.filename}, ${credits(enrichment.credits)} held`,
          })
        }
      />
    </Stack>
  );
}

/** The jobs, a keyset page at a time ("Load more"), asked again every 2 s while any is queued or running. */
function JobList({ search }: { search: JobsSearch }) {
  const list = useInfiniteQuery(jobListQueryOptions(search));
  const jobs = useMemo(() => list.data?.pages.flatMap((page) => page.items), [list.data]);
  useBalanceAfterJobs(list.isPlaceholderData ? undefined : jobs);
  const filtered = Boolean(search.type || search.status);

  return (
    <Paper
      withBorder
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label="Jobs"
      aria-busy={list.isPending || list.isPlaceholderData || list.isFetchingNextPage}
      data-testid="job-list"
    >
      {list.isPending && <Skeleton h={160} />}
      {list.isError && (
        <Alert color="red" role="alert">
          {describeError(list.error)}
        </Alert>
      )}
      {jobs &&
        (jobs.length === 0 ? (
          <Text py="md" ta="center" data-testid="no-jobs">
            {filtered
              ? 'No jobs match these filters.'
              : 'No jobs yet: exports, scrapes and enrichments started here or through the API will show here.'}
          </Text>
        ) : (
          <Stack gap="sm">
            <JobTable jobs={jobs} />
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" data-testid="job-count">
                {jobs.length === 1 ? '1 job' : `${jobs.length} jobs`} shown
              </Text>
              {list.hasNextPage && (
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  disabled={list.isPlaceholderData}
                  onClick={() => void list.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </Group>
          </Stack>
        ))}
    </Paper>
  );
}
