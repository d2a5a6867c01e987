import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { meKeys } from '../../../shared/api/me.queries';
import { exportCsvHref, exportJobQueryOptions } from '../api/leads.queries';
import { credits } from '../../../shared/ui/cost-lines';
import { CsvDownloadButtons } from '../../../shared/ui/csv-download-buttons';

const number = new Intl.NumberFormat('en-US');
const STATUS: Record<string, string> = { queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed' };

/** An export's live status, asked every 1.5 s until it ends, then its CSV to download. */
export function ExportStatus({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const job = useQuery(exportJobQueryOptions(id));
  const status = job.data?.status;
  // The export charges as it delivers: the frame's balance is asked again when it ends.
  useEffect(() => {
    if (status === 'completed' || status === 'failed') void queryClient.invalidateQueries({ queryKey: meKeys.all });
  }, [status, queryClient]);

  if (job.isError)
    return (
      <Alert color="red" role="alert">
        {describeError(job.error)}
      </Alert>
    );
  if (!job.data) return <Text size="sm">Starting the export…</Text>;
  const data = job.data;
  return (
    <Stack gap="xs" data-testid="export-status" data-status={data.status}>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} role="status" data-testid="export-state">
          {STATUS[data.status] ?? data.status}: {number.format(data.deliveredRows)} of {number.format(data.requestedLimit)} rows
        </Text>
        <Text size="sm" c="gray.7">
          Export {data.id.slice(0, 8)}
        </Text>
      </Group>
      <Progress
        value={data.progress}
        animated={data.status === 'running' || data.status === 'queued'}
        color={data.status === 'failed' ? 'red.9' : 'indigo.8'}
        aria-label={`Export progress, ${data.progress}%`}
      />
      <Text size="sm">
        {credits(data.creditsCharged)} charged{data.capped ? '; delivery stopped at the balance' : ''}.{data.note ? ` ${data.note}` : ''}
      </Text>
      {data.downloadable && (
        <Group>
          <CsvDownloadButtons
            source={{ href: (flavour) => exportCsvHref(data.id, flavour), filename: data.filename ?? undefined }}
            label="Download CSV"
            testId="export-csv"
          />
        </Group>
      )}
    </Stack>
  );
}
