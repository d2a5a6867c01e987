import type { ContactImportDetail } from '@lead-engine/contracts/console';
import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { OperatorOnlyNotice } from '../../../shared/ui/operator-only-notice';
import { PageSection } from '../../../shared/ui/page-section';
import { contactImportListQueryOptions } from '../api/operator-contacts.queries';
import { useContactTotals } from '../api/use-contact-totals';
import { ContactImportDetails } from '../components/contact-import-details';
import { ContactTotals } from '../components/contact-totals';
import { GenerateContactsForm } from '../components/generate-contacts-form';
import { ImportCsvForm } from '../components/import-csv-form';
import { RecentImportsTable } from '../components/recent-imports-table';

const route = getRouteApi('/signed-in/operator/contacts');
const SHOWS = 'every contact on the server and its imports';

export function OperatorContactsPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { import: openId } = route.useSearch();
  const navigate = route.useNavigate();
  const imports = useQuery({ ...contactImportListQueryOptions(), enabled: me.user.operator });
  const totals = useContactTotals(imports.data?.data, me.user.operator);

  if (!me.user.operator || isApiCallError(totals.error, 'FORBIDDEN')) return <OperatorOnlyNotice page="Contacts" shows={SHOWS} />;
  const open = (started: ContactImportDetail) => void navigate({ search: { import: started.id } });

  return (
    <Stack gap="lg" maw={1200} miw={0}>
      <Stack gap={4}>
        <Title order={1}>Contacts</Title>
        <Text c="dimmed">
          The contacts every account searches: their totals, and imports of a CSV or of synthetic contacts, run on the server by a worker.
        </Text>
      </Stack>
      <PageSection title="Totals" testId="contact-totals">
        {totals.isPending && <Skeleton h={200} />}
        {totals.isError && (
          <Alert color="red" role="alert">
            {describeError(totals.error)}
          </Alert>
        )}
        {totals.data && <ContactTotals totals={totals.data} />}
      </PageSection>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PageSection title="Import a CSV" testId="import-csv">
          <ImportCsvForm onStarted={open} />
        </PageSection>
        <PageSection title="Generate synthetic contacts" testId="generate-contacts">
          <GenerateContactsForm onStarted={open} />
        </PageSection>
      </SimpleGrid>
      {openId && <ContactImportDetails key={openId} id={openId} />}
      <PageSection title="Recent imports" testId="recent-imports">
        {imports.isPending && <Skeleton h={120} />}
        {imports.isError && (
          <Alert color="red" role="alert">
            {describeError(imports.error)}
          </Alert>
        )}
        {imports.data &&
          (imports.data.data.length === 0 ? (
            <Text data-testid="no-imports">No imports yet.</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                The latest 20, newest first. Open one to see its progress and the rows it rejected.
              </Text>
              <RecentImportsTable imports={imports.data.data} openId={openId} />
            </>
          ))}
      </PageSection>
    </Stack>
  );
}
