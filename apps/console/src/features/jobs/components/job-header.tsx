import type { ConsoleJobType } from '@lead-engine/contracts/console';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date';
import { CsvDownloadButtons, type CsvSource } from '../../../shared/ui/csv-download-buttons';
import { jobTitle, usageJobFilter } from '../job-words';
import type { JobStatus } from '../jobs-search';
import { JobStatusAndProgress } from './job-status';

/** A job's title, status and progress, when it was created and finished, its download and its credits in Usage. */
export function JobHeader({
  type,
  id,
  status,
  progress,
  createdAt,
  completedAt,
  download,
}: {
  type: ConsoleJobType;
  id: string;
  status: JobStatus;
  progress: number | null;
  createdAt: string;
  completedAt: string | null;
  download: CsvSource | null;
}) {
  const title = jobTitle(type, id);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            Id {id} · created <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
            {completedAt && (
              <>
                {' '}
                · finished <time dateTime={completedAt}>{formatDateTime(completedAt)}</time>
              </>
            )}
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          {download && <CsvDownloadButtons source={download} label="Download CSV" testId="job-download" />}
          <Button
            variant="default"
            renderRoot={(props) => <Link {...props} to="/usage" search={{ job: usageJobFilter(type, id) }} />}
            data-testid="job-usage-link"
          >
            Credits in Usage
          </Button>
        </Group>
      </Group>
      <div data-testid="job-detail-status" data-status={status}>
        <JobStatusAndProgress status={status} progress={progress} label={title} />
      </div>
    </Stack>
  );
}

/** Named facts of a job, as a description list: several abreast on a wide screen, one under another on a phone. */
export function JobFacts({ facts, label }: { facts: Array<[string, ReactNode, string?]>; label: string }) {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label={label}>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
        {facts.map(([name, value, testId]) => (
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
    </Paper>
  );
}

export function NoSuchJob() {
  return (
    <Stack gap="sm" data-testid="no-such-job">
      <Title order={1}>No such job</Title>
      <Text>There is no job with this id in this account: the link may be mistyped, or the job another account's.</Text>
      <Text>
        <Anchor component={Link} to="/jobs">
          See all jobs
        </Anchor>
      </Text>
    </Stack>
  );
}
