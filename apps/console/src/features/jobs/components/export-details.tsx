import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { exportCsvHref, exportJobQueryOptions, jobKeys } from '../api/jobs.queries';
import { number } from '../job-words';
import { JobDetailsFrame } from './job-details-frame';
import { JobFacts, JobHeader } from './job-header';

/** An export: rows delivered of those asked for, whether the balance capped it, its credits and its CSV. */
export function ExportDetails({ id }: { id: string }) {
  return (
    <JobDetailsFrame id={id} job={useQuery(exportJobQueryOptions(id))} refresh={jobKeys.lists()}>
      {(data) => {
        return (
          <Stack gap="lg">
            <JobHeader
              type="export"
              id={id}
              status={data.status}
              progress={data.progress}
              createdAt={data.createdAt}
              completedAt={data.completedAt}
              download={data.downloadable ? { href: (flavour) => exportCsvHref(id, flavour) } : null}
            />
            <JobFacts
              label="The export"
              facts={[
                [
                  'Rows delivered',
                  `${number.format(data.deliveredRows)} of ${number.format(data.requestedLimit)} requested`,
                  'export-rows',
                ],
                ['Credits', data.creditsCharged > 0 ? `${number.format(data.creditsCharged)} charged` : 'none', 'export-credits'],
                ['File', data.filename ?? 'not written yet'],
              ]}
            />
            {(data.capped || data.note) && (
              <Alert color="yellow" variant="light" data-testid="export-note">
                <Text size="sm" c="dark">
                  {data.capped ? 'Delivery stopped at the balance: only the rows the credits paid for were exported. ' : ''}
                  {data.note ?? ''}
                </Text>
              </Alert>
            )}
            <Text size="sm" c="gray.7" data-testid="export-skipped">
              Leads this account had already revealed or exported were skipped: not delivered again and not charged. They are all on{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/leads/revealed" />} inherit>
                Revealed leads
              </Anchor>
              , and{' '}
              <Anchor
                renderRoot={(props) => <Link {...props} to="/leads/revealed" search={{ reference: `export:${data.id}` }} />}
                inherit
                data-testid="export-revealed-link"
              >
                this export&apos;s leads
              </Anchor>{' '}
              too.
            </Text>
          </Stack>
        );
      }}
    </JobDetailsFrame>
  );
}
