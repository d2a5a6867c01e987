import { Anchor, Stack } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EnrichmentDetails } from '../components/enrichment-details';
import { ExportDetails } from '../components/export-details';
import { NoSuchJob } from '../components/job-header';
import { ScrapeDetails } from '../components/scrape-details';
import { isJobType } from '../jobs-search';

const route = getRouteApi('/signed-in/jobs/$type/$id');

/** One job at /app/jobs/<type>/<id>: a link of its own, live while it runs. */
export function JobPage() {
  const { type, id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/jobs" size="sm" w="fit-content">
        ← All jobs
      </Anchor>
      {!isJobType(type) ? (
        <NoSuchJob />
      ) : type === 'export' ? (
        <ExportDetails key={id} id={id} />
      ) : type === 'scrape' ? (
        <ScrapeDetails
          key={id}
          id={id}
          outcome={search.outcome}
          onOutcome={(outcome) => void navigate({ search: (previous) => ({ ...previous, outcome }), replace: true })}
        />
      ) : (
        <EnrichmentDetails key={id} id={id} />
      )}
    </Stack>
  );
}
