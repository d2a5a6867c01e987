import { Alert, Anchor, Button, CloseButton, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { saveCsv } from '../../../shared/lib/save-csv';
import { CsvDownloadButtons } from '../../../shared/ui/csv-download-buttons';
import type { RevealedLeadEntry } from '../api/leads.types';
import { revealedLeadsCsvHref, revealedLeadsQueryOptions } from '../api/revealed-leads.queries';
import { LeadFilters } from '../components/lead-filters';
import { LeadsTabs } from '../components/leads-tabs';
import { RevealedLeadTable } from '../components/revealed-lead-table';
import { revealedEntriesCsv } from '../components/revealed-leads-csv';
import { FILTER_KEYS } from '../lead-filter-set';
import type { LeadsSearch } from '../leads-search';
import type { RevealedSearch } from '../revealed-search';

const route = getRouteApi('/signed-in/leads/revealed');
const number = new Intl.NumberFormat('en-US');
const PAGE_SIZE = 25;
/** Mantine's md breakpoint: the filters beside the results from here, in a dialog below. */
const WIDE = '(min-width: 62em)';

/**
 * Every lead the account has revealed or exported, newest first, in full, with when, how and by whom;
 * the Leads filters and a text search narrow them; chosen ones or all matches download as CSV, free.
 */
export function RevealedLeadsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchKey = JSON.stringify(search);

  // Pages are read by cursor: the cursors of the pages before this one, for one selection.
  const [trail, setTrail] = useState<{ key: string; cursors: Array<string | null> }>({ key: searchKey, cursors: [null] });
  const cursors = trail.key === searchKey ? trail.cursors : [null];
  const cursor = cursors[cursors.length - 1];
  const page = useQuery(revealedLeadsQueryOptions(search, cursor, PAGE_SIZE));
  const [selected, setSelected] = useState<Record<string, RevealedLeadEntry>>({});
  const chosen = Object.values(selected);
  const [typed, setTyped] = useState(search.q ?? '');

  const onChange = (change: Partial<RevealedSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) });
  const onSelect = (leads: RevealedLeadEntry[], on: boolean) =>
    setSelected((previous) => {
      const next = { ...previous };
      for (const lead of leads) {
        if (on) next[lead.id] = lead;
        else delete next[lead.id];
      }
      return next;
    });
  const activeFilters = FILTER_KEYS.filter((key) => (search as LeadsSearch)[key] !== undefined).length;
  const filterForm = <LeadFilters search={search as LeadsSearch} onChange={onChange} perCompanyCap={false} />;
  const total = page.data?.total ?? null;
  const day = new Date().toISOString().slice(0, 10);

  return (
    <Stack gap="lg" maw={1600}>
      <Stack gap={4}>
        <Title order={1}>Revealed leads</Title>
        <Text c="gray.7">Every lead your account has revealed or exported. They are yours: seeing and downloading them again is free.</Text>
      </Stack>
      <LeadsTabs />

      <Group align="flex-start" gap="lg" wrap="nowrap">
        {wide && (
          <Paper withBorder p="md" component="aside" aria-label="Filters" w={300} style={{ flexShrink: 0 }}>
            {filterForm}
          </Paper>
        )}

        <Stack gap="lg" style={{ flex: 1, minWidth: 0 }}>
          <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Search and download">
            <Stack gap="sm">
              <Group
                component="form"
                role="search"
                aria-label="Search revealed leads"
                gap="xs"
                align="flex-end"
                onSubmit={(event) => {
                  event.preventDefault();
                  onChange({ q: typed.trim() || undefined });
                }}
              >
                <TextInput
                  label="Name, company or email"
                  value={typed}
                  maxLength={200}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  style={{ flex: 1, minWidth: 200 }}
                />
                <Button type="submit" variant="default">
                  Search
                </Button>
              </Group>
              {search.reference && (
                <Group gap="xs" data-testid="reference-filter">
                  <Text size="sm">Only the leads of one {search.reference.startsWith('export:') ? 'export' : 'reveal'}.</Text>
                  <CloseButton size="sm" aria-label="Show every revealed lead" onClick={() => onChange({ reference: undefined })} />
                </Group>
              )}
              <Text size="sm" data-testid="revealed-total" aria-live="polite">
                {total === null ? 'Counting…' : `${number.format(total)} ${total === 1 ? 'lead' : 'leads'}`}
              </Text>
              <Group gap="xs">
                {!wide && (
                  <Button variant="default" onClick={() => setFiltersOpen(true)}>
                    Filters{activeFilters ? ` (${activeFilters})` : ''}
                  </Button>
                )}
                <CsvDownloadButtons
                  source={{ href: (flavour) => revealedLeadsCsvHref(search, flavour) }}
                  label={total ? `Download all ${number.format(total)} as CSV` : 'Download all as CSV'}
                  variant="default"
                  disabled={!total}
                  testId="revealed-all-csv"
                />
                <CsvDownloadButtons
                  source={{ save: (flavour) => saveCsv(revealedEntriesCsv(chosen), `revealed-leads-${day}-${chosen.length}.csv`, flavour) }}
                  label={`Download ${chosen.length} selected`}
                  disabled={chosen.length === 0}
                  testId="revealed-selected-csv"
                />
                {chosen.length > 0 && (
                  <Button variant="default" onClick={() => setSelected({})}>
                    Clear selection
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>

          <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Your leads" aria-busy={page.isFetching}>
            <Stack gap="sm">
              {page.isPending && <Skeleton h={200} />}
              {page.isError && (
                <Alert color="red" role="alert">
                  {describeError(page.error)}
                </Alert>
              )}
              {page.data &&
                (page.data.leads.length === 0 ? (
                  <Text py="md" ta="center" data-testid="no-revealed-leads">
                    {total === 0 && searchKey === '{}' ? (
                      <>
                        No revealed leads yet. Leads you reveal or export on{' '}
                        <Anchor renderRoot={(props) => <Link {...props} to="/leads" />}>Find leads</Anchor> stay here.
                      </>
                    ) : (
                      'None of your revealed leads match.'
                    )}
                  </Text>
                ) : (
                  <RevealedLeadTable leads={page.data.leads} selected={selected} onSelect={onSelect} />
                ))}
              {page.data && (cursors.length > 1 || page.data.next_cursor) && (
                <Group justify="space-between" component="nav" aria-label="Pages of revealed leads">
                  <Text size="sm">Page {cursors.length}</Text>
                  <Group gap="xs">
                    <Button
                      variant="default"
                      disabled={cursors.length <= 1}
                      onClick={() => setTrail({ key: searchKey, cursors: cursors.slice(0, -1) })}
                    >
                      Previous
                    </Button>
                    <Button
                      variant="default"
                      disabled={!page.data.next_cursor || page.isPlaceholderData}
                      onClick={() => setTrail({ key: searchKey, cursors: [...cursors, page.data.next_cursor] })}
                    >
                      Next
                    </Button>
                  </Group>
                </Group>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Group>

      {!wide && (
        <Modal
          opened={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          title="Filters"
          closeButtonProps={{ 'aria-label': 'Close filters' }}
          fullScreen
        >
          <Stack>
            {filterForm}
            <Button onClick={() => setFiltersOpen(false)}>Show {total === null ? '' : number.format(total)} leads</Button>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
