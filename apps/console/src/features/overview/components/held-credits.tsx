import type { Overview } from '@lead-engine/contracts/console';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatRelative } from '../../../shared/lib/format-date';

const number = new Intl.NumberFormat('en-US');

/** Credits held by queued and running jobs, and by which: what is not spent yet, and comes back for what fails. */
export function HeldCredits({ held }: { held: Overview['held'] }) {
  if (held.jobs.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-held">
        No job holds credits now.
      </Text>
    );
  return (
    <List spacing={4} size="sm" data-testid="held-jobs">
      {held.jobs.map((job) => (
        <List.Item key={`${job.type}:${job.id}`} data-testid="held-job" data-job-id={job.id}>
          <Anchor renderRoot={(props) => <Link {...props} to="/usage" search={{ job: `${job.type}:${job.id}` }} />} fw={600}>
            {job.type === 'scrape' ? 'Scrape' : 'Enrichment'} {job.id.slice(0, 8)}
          </Anchor>{' '}
          ({job.status}, started {formatRelative(job.created_at)}) holds <strong>{number.format(job.credits)} credits</strong>
        </List.Item>
      ))}
    </List>
  );
}
