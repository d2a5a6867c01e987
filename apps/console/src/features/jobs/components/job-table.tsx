import type { ConsoleJob } from '@lead-engine/contracts/console';
import { Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../shared/lib/format-date';
import cardTable from '../../../shared/ui/card-table.module.css';
import { creditWords, jobTitle, startedByWords, TYPE_LABELS, usageJobFilter } from '../job-words';
import { JobStatusAndProgress } from './job-status';
import { TableRegion } from '../../../shared/ui/table-region';

/** Darker than the theme's links, so that they keep 4.5:1 on a highlighted (hovered) row too. */
const LINK = 'indigo.9';

/** The jobs newest first; on a phone each job becomes a card with every fact named (card-table.module.css). */
export function JobTable({ jobs }: { jobs: ConsoleJob[] }) {
  return (
    <TableRegion label="Jobs table">
      <Table verticalSpacing="sm" highlightOnHover className={cardTable.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Job</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Credits</Table.Th>
            <Table.Th scope="col">Started by</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const title = jobTitle(job.type, job.id);
            return (
              <Table.Tr
                key={`${job.type}:${job.id}`}
                data-testid="job-row"
                data-job-id={job.id}
                data-type={job.type}
                data-status={job.status}
              >
                <Table.Th scope="row" fw={400}>
                  <Stack gap={2}>
                    <Text size="sm" c="gray.7" data-testid="job-type">
                      {TYPE_LABELS[job.type]}
                    </Text>
                    <Anchor
                      fw={600}
                      c={LINK}
                      renderRoot={(props) => <Link {...props} to="/jobs/$type/$id" params={{ type: job.type, id: job.id }} />}
                      title={`Details of ${title}`}
                      data-testid="job-summary"
                    >
                      {job.summary}
                    </Anchor>
                  </Stack>
                </Table.Th>
                <Table.Td data-label="Status">
                  <JobStatusAndProgress status={job.status} progress={job.progress} label={title} />
                </Table.Td>
                <Table.Td data-label="Credits" data-testid="job-credits">
                  {creditWords(job.credits)
                    .split(' · ')
                    .map((part, index) => (
                      <span key={part} style={{ whiteSpace: 'nowrap' }}>
                        {index > 0 && ' · '}
                        {part}
                      </span>
                    ))}
                </Table.Td>
                <Table.Td data-label="Started by" data-testid="job-started-by">
                  {startedByWords(job.started_by)}
                </Table.Td>
                <Table.Td data-label="Created" data-testid="job-created" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="wrap" className={cardTable.actions}>
                    {job.download && (
                      <Button
                        component="a"
                        href={job.download}
                        download
                        size="xs"
                        aria-label={`Download CSV of ${title}`}
                        data-testid="job-download"
                      >
                        Download CSV
                      </Button>
                    )}
                    <Anchor
                      size="sm"
                      c={LINK}
                      renderRoot={(props) => <Link {...props} to="/usage" search={{ job: usageJobFilter(job.type, job.id) }} />}
                      aria-label={`Credits of ${title} in Usage`}
                      data-testid="job-usage-link"
                    >
                      Credits in Usage
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
