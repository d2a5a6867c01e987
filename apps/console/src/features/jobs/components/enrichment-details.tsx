import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import cardTable from '../../../shared/ui/card-table.module.css';
import { enrichmentCsvHref, enrichmentJobQueryOptions, jobKeys } from '../api/jobs.queries';
import type { EnrichmentJob } from '../api/jobs.types';
import { fieldName } from '../enrichment-fields';
import { creditWords, formatDuration, isActive, number } from '../job-words';
import { JobDetailsFrame } from './job-details-frame';
import { JobFacts, JobHeader } from './job-header';

/** "about 3 minutes left (2 to 4 minutes)" while running; null when not estimated yet. */
function eta(job: EnrichmentJob): string | null {
  if (job.eta_seconds === null) return null;
  const range =
    job.eta_low_seconds !== null && job.eta_high_seconds !== null && job.eta_high_seconds > job.eta_low_seconds
      ? ` (${formatDuration(job.eta_low_seconds)} to ${formatDuration(job.eta_high_seconds)})`
      : '';
  return `about ${formatDuration(job.eta_seconds)} left${range}`;
}

/** An enrichment: rows done of its total, the time left while it runs, and what each field filled once it ended. */
export function EnrichmentDetails({ id }: { id: string }) {
  return (
    <JobDetailsFrame id={id} job={useQuery(enrichmentJobQueryOptions(id))} refresh={jobKeys.lists()}>
      {(data) => {
        const active = isActive(data.status);
        const held = active ? data.credits_charged - data.credits_refunded : 0;
        const credits = creditWords({ held, charged: data.credits_charged, refunded: data.credits_refunded });
        const left = active ? eta(data) : null;
        return (
          <Stack gap="lg">
            <JobHeader
              type="enrichment"
              id={id}
              status={data.status}
              progress={Math.round(data.progress_pct)}
              createdAt={data.created_at}
              completedAt={null}
              download={data.status === 'completed' ? { href: (flavour) => enrichmentCsvHref(id, flavour) } : null}
            />
            <JobFacts
              label="The enrichment"
              facts={[
                ['File', data.original_filename, 'enrichment-file'],
                ['Rows done', `${number.format(data.completed_rows)} of ${number.format(data.total_rows)}`, 'enrichment-rows'],
                ['Fields', data.fields.map(fieldName).join(', '), 'enrichment-fields'],
                ['Credits', credits, 'enrichment-credits'],
                ...(active ? ([['Time left', left ?? 'estimating…', 'enrichment-eta']] as Array<[string, string, string]>) : []),
                ...(data.target_icp ? ([['Target ICP', data.target_icp]] as Array<[string, string]>) : []),
              ]}
            />
            {data.error && (
              <Alert color="red" role="alert">
                {data.error}
              </Alert>
            )}
            {data.field_report && (
              <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="field-report-title">
                <Title order={2} size="h4" id="field-report-title" mb="xs">
                  Field report
                </Title>
                <Table verticalSpacing="xs" className={cardTable.table} data-testid="field-report">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Field</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Cells filled
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Left empty (refunded)
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {Object.entries(data.field_report).map(([field, report]) => (
                      <Table.Tr key={field} data-testid="field-report-row" data-field={field}>
                        <Table.Th scope="row" fw={500}>
                          {fieldName(field)}
                          <Text component="span" size="xs" c="gray.7" display="block" fw={400}>
                            column {field}
                          </Text>
                        </Table.Th>
                        <Table.Td data-label="Cells filled" ta="right">
                          {number.format(report.filled)}
                        </Table.Td>
                        <Table.Td data-label="Left empty (refunded)" ta="right">
                          {number.format(report.empty)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Text size="xs" c="gray.7" mt="xs">
                  Each empty cell's credits are given back.
                </Text>
              </Paper>
            )}
          </Stack>
        );
      }}
    </JobDetailsFrame>
  );
}
