import { Alert, Anchor, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { formatDateTime } from '../../../shared/lib/format-date';
import { PageSection } from '../../../shared/ui/page-section';
import { contactImportQueryOptions } from '../api/operator-contacts.queries';
import { importPercent, importSource, isActive, number, progressWords, statusSentence } from '../contact-import-words';
import { ImportCounts } from './import-counts';
import { ImportStatusBadge } from './import-status-badge';
import { RejectionsTable } from './rejections-table';

/** One import as the worker runs it: progress, counts, and once it has settled the rows it rejected. */
export function ContactImportDetails({ id }: { id: string }) {
  const found = useQuery(contactImportQueryOptions(id));
  const contactImport = found.data;

  return (
    <PageSection title="Import" testId="import-details">
      {found.isPending && <Skeleton h={120} />}
      {found.isError &&
        (isApiCallError(found.error, 'NOT_FOUND') ? (
          <Text data-testid="no-such-import">No import has this id.</Text>
        ) : (
          <Alert color="red" role="alert">
            {describeError(found.error)}
          </Alert>
        ))}
      {contactImport && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Text fw={700} truncate="end" miw={0} title={importSource(contactImport)} data-testid="import-source">
                {importSource(contactImport)}
              </Text>
              <ImportStatusBadge status={contactImport.status} />
            </Group>
            <Anchor renderRoot={(props) => <Link {...props} to="/operator/contacts" search={{}} />} size="sm">
              Close
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            Started {formatDateTime(contactImport.created_at)}
            {contactImport.started_by ? ` by ${contactImport.started_by.email}` : ''}
            {contactImport.seed !== null ? ` · seed ${contactImport.seed}` : ''}
            {contactImport.completed_at ? ` · finished ${formatDateTime(contactImport.completed_at)}` : ''}
          </Text>
          <Stack gap={4}>
            <Progress
              value={importPercent(contactImport)}
              size="lg"
              color={contactImport.status === 'failed' ? 'red.9' : 'indigo.8'}
              animated={isActive(contactImport.status)}
              aria-label={`Progress of ${importSource(contactImport)}`}
              data-testid="import-progress"
            />
            <Text size="sm" data-testid="import-progress-words">
              {progressWords(contactImport)}
            </Text>
          </Stack>
          <Text role="status" aria-live="polite" data-testid="import-status-words">
            {statusSentence(contactImport)}
          </Text>
          <ImportCounts contactImport={contactImport} />
          {contactImport.urls_dropped > 0 && (
            <Text size="sm">
              {number.format(contactImport.urls_dropped)} LinkedIn {contactImport.urls_dropped === 1 ? 'address was' : 'addresses were'}{' '}
              left out of imported rows for not being http(s).
            </Text>
          )}
          {contactImport.status === 'failed' && contactImport.note && (
            <Alert color="red" title="The import failed" data-testid="import-note">
              {contactImport.note} The rows written before it stay; import the file again to finish (rows with an id are updated, not added
              twice).
            </Alert>
          )}
          {!isActive(contactImport.status) && contactImport.rejected > 0 && <RejectionsTable contactImport={contactImport} />}
        </Stack>
      )}
    </PageSection>
  );
}
