import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { jobKeys, scrapeJobQueryOptions, scrapeResultsCsvHref } from '../api/jobs.queries';
import { creditWords, isActive, number } from '../job-words';
import type { ScrapeOutcome } from '../jobs-search';
import { JobDetailsFrame } from './job-details-frame';
import { JobFacts, JobHeader } from './job-header';
import { ScrapeResults } from './scrape-results';

const count = (value: number | null) => (value === null ? '–' : number.format(value));

/** A scrape: its sites counted by outcome, its credits, and the sites' texts page by page or as CSV (those finished so far). */
export function ScrapeDetails({
  id,
  outcome,
  onOutcome,
}: {
  id: string;
  outcome: ScrapeOutcome | undefined;
  onOutcome: (outcome: ScrapeOutcome | undefined) => void;
}) {
  return (
    <JobDetailsFrame id={id} job={useQuery(scrapeJobQueryOptions(id))} refresh={jobKeys.all}>
      {(data) => {
        const active = isActive(data.status);
        const credits = creditWords({
          held: active ? data.credits_charged - data.credits_refunded : 0,
          charged: data.credits_charged,
          refunded: data.credits_refunded,
        });
        return (
          <Stack gap="lg">
            <JobHeader
              type="scrape"
              id={id}
              status={data.status}
              progress={data.progress_pct === null ? null : Math.round(data.progress_pct)}
              createdAt={data.created_at}
              completedAt={data.completed_at}
              download={{ href: (flavour) => scrapeResultsCsvHref(id, flavour) }}
            />
            <JobFacts
              label="The scrape"
              facts={[
                ['Sites', `${count(data.done ?? 0)} of ${number.format(data.total)} done`, 'scrape-done'],
                ['With text', count(data.ok), 'scrape-ok'],
                ['Without text', count(data.no_content), 'scrape-no-content'],
                ['Blocked', count(data.blocked), 'scrape-blocked'],
                ['Invalid', count(data.invalid), 'scrape-invalid'],
                ['Credits', credits, 'scrape-credits'],
              ]}
            />
            <ScrapeResults id={id} outcome={outcome} onOutcome={onOutcome} running={active} />
          </Stack>
        );
      }}
    </JobDetailsFrame>
  );
}
