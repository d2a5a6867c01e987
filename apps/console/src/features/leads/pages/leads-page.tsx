import type { ConsoleRevealResponse, SavedSearch } from '@lead-engine/contracts/console';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { browseLeadsQueryOptions, leadCountQueryOptions, savedSearchesQueryOptions } from '../api/leads.queries';
import { ColumnChooser } from '../components/column-chooser';
import { ExportModal } from '../components/export-modal';
import { ExportStatus } from '../components/export-status';
import { LeadCount } from '../components/lead-count';
import { LeadFilters } from '../components/lead-filters';
import { type LeadSelection, LeadTable } from '../components/lead-table';
import { LeadsTabs } from '../components/leads-tabs';
import { RevealModal } from '../components/reveal-modal';
import { RevealedLeads } from '../components/revealed-leads';
import { SavedSearchesMenu } from '../components/saved-searches-menu';
import { useHiddenColumns } from '../components/use-hidden-columns';
import { FILTER_KEYS, filtersOf, type LeadFilters as Filters, savedSearchesOpen, searchOfSaved } from '../lead-filter-set';
import { DEFAULT_PAGE_SIZE, type LeadsSearch, PAGE_SIZES, type PageSize } from '../leads-search';

const route = getRouteApi('/signed-in/leads');
const number = new Intl.NumberFormat('en-US');
/** Mantine's md breakpoint: the filters beside the results from here, in a drawer below. */
const WIDE = '(min-width: 62em)';

export function LeadsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The first render paints the count; the filters, the rows and the dialogs follow in a render React can
  // pause, so that no single task holds the page (a router update renders at once, in one task).
  const restShown = useDeferredValue(true, false);

  // The count and the rows follow the URL at once: each filter changes it by a deliberate choice (the one
  // typed digit by digit waits for the typing to stop, in LeadFilters).
  const filtersKey = JSON.stringify(filtersOf(search));
  const filters = useMemo(() => JSON.parse(filtersKey) as Filters, [filtersKey]);
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_PAGE_SIZE;
  const count = useQuery(leadCountQueryOptions(filters));
  const browse = useQuery(browseLeadsQueryOptions(filters, page, limit));

  // The selection is kept by lead id across pages, for one set of filters.
  const [selection, setSelection] = useState<{ key: string; rows: LeadSelection }>({ key: filtersKey, rows: {} });
  const rowSelection = selection.key === filtersKey ? selection.rows : {};
  const selectedIds = Object.keys(rowSelection);
  const [revealing, setRevealing] = useState<string[] | null>(null);
  const [revealed, setRevealed] = useState<ConsoleRevealResponse | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportId, setExportId] = useState<string | null>(null);
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns();
  const columnVisibility = useMemo(() => Object.fromEntries(hiddenColumns.map((id) => [id, false])), [hiddenColumns]);

  const onChange = (change: Partial<LeadsSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }) });
  const goToPage = (next: number) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });
  const openSaved = (saved: SavedSearch) =>
    void navigate({ search: (previous) => ({ ...searchOfSaved(saved.filters), limit: previous.limit }) });
  const saved = useQuery(savedSearchesQueryOptions());
  const openSearchNames = savedSearchesOpen(saved.data?.searches ?? [], filters)
    .map((open) => open.name)
    .join(', ');
  const activeFilters = FILTER_KEYS.filter((key) => search[key] !== undefined).length;

  const filterForm = <LeadFilters search={search} onChange={onChange} />;
  const total = browse.data?.total ?? null;
  const pages = total !== null ? Math.max(1, Math.ceil(total / limit)) : browse.data?.next_page ? page + 1 : page;

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Leads</Title>
          <Text c="gray.7">Find people by company and role. Counting and browsing are free; revealing a new lead costs 1 credit.</Text>
        </Stack>
        <Group gap="xs">
          <SavedSearchesMenu filters={filtersOf(search)} onOpen={openSaved} />
          <CopyButton value={window.location.href}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      <LeadsTabs />

      <Group align="flex-start" gap="md" wrap="nowrap">
        {wide && (
          <Paper withBorder p="md" component="aside" aria-label="Filters" w={280} style={{ flexShrink: 0 }}>
            {restShown ? filterForm : <Skeleton h={480} />}
          </Paper>
        )}

        <Stack gap="lg" style={{ flex: 1, minWidth: 0 }}>
          <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Matches">
            <Stack gap="sm">
              {openSearchNames && (
                <Text size="sm" truncate="end" title={openSearchNames} data-testid="open-saved-search">
                  Saved search: <strong>{openSearchNames}</strong>
                </Text>
              )}
              <LeadCount count={count} />
              <Group gap="xs">
                {!wide && (
                  <Button variant="default" onClick={() => setFiltersOpen(true)}>
                    Filters{activeFilters ? ` (${activeFilters})` : ''}
                  </Button>
                )}
                <Button variant="default" disabled={!count.data || count.data.estimated_total === 0} onClick={() => setExporting(true)}>
                  Export all matches
                </Button>
              </Group>
            </Stack>
          </Paper>

          {revealed && <RevealedLeads result={revealed} onDismiss={() => setRevealed(null)} />}
          {exportId && !exporting && (
            <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Export">
              <ExportStatus id={exportId} />
            </Paper>
          )}

          <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Masked leads" aria-busy={browse.isFetching}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Badge variant="light" color="indigo" size="lg" tt="none" data-testid="selected-count">
                    {selectedIds.length} selected
                  </Badge>
                  <Button disabled={selectedIds.length === 0} onClick={() => setRevealing(selectedIds)}>
                    Reveal
                  </Button>
                  {selectedIds.length > 0 && (
                    <Button variant="default" onClick={() => setSelection({ key: filtersKey, rows: {} })}>
                      Clear selection
                    </Button>
                  )}
                </Group>
                <ColumnChooser hidden={hiddenColumns} onChange={setHiddenColumns} />
              </Group>
              {(browse.isPending || !restShown) && <Skeleton h={200} />}
              {browse.isError && (
                <Alert color="red" role="alert">
                  {describeError(browse.error)}
                </Alert>
              )}
              {browse.data &&
                restShown &&
                (browse.data.leads.length === 0 ? (
                  <Text py="md" ta="center" data-testid="no-leads">
                    {page > 1 ? 'No leads on this page.' : 'No leads to browse: none match these filters, or you have revealed them all.'}
                  </Text>
                ) : (
                  <LeadTable
                    leads={browse.data.leads}
                    rowSelection={rowSelection}
                    onRowSelectionChange={(rows) => setSelection({ key: filtersKey, rows })}
                    columnVisibility={columnVisibility}
                  />
                ))}
              {browse.data && (
                <Pager
                  page={page}
                  pages={pages}
                  exact={!browse.data.total_is_estimate && total !== null}
                  total={total}
                  limit={limit}
                  hasNext={page < pages && !browse.isPlaceholderData}
                  onPage={goToPage}
                  onLimit={(next) =>
                    void navigate({
                      search: (previous) => ({ ...previous, limit: next === DEFAULT_PAGE_SIZE ? undefined : next, page: undefined }),
                    })
                  }
                />
              )}
            </Stack>
          </Paper>
        </Stack>
      </Group>

      {!wide && restShown && (
        <Modal
          opened={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          title="Filters"
          closeButtonProps={{ 'aria-label': 'Close filters' }}
          fullScreen
        >
          <Stack>
            {filterForm}
            <Button onClick={() => setFiltersOpen(false)}>Show {count.data ? number.format(count.data.estimated_total) : ''} leads</Button>
          </Stack>
        </Modal>
      )}

      {restShown && (
        <>
          <RevealModal
            leadIds={revealing}
            onClose={() => setRevealing(null)}
            onRevealed={(result) => {
              setRevealed(result);
              setRevealing(null);
              setSelection({ key: filtersKey, rows: {} });
            }}
          />
          <ExportModal
            opened={exporting}
            filters={filters}
            matches={count.data?.estimated_total ?? 0}
            onClose={() => setExporting(false)}
            onStarted={setExportId}
          />
        </>
      )}
    </Stack>
  );
}

/** Previous and next, a page number to go to any page, and the page size. */
function Pager({
  page,
  pages,
  exact,
  total,
  limit,
  hasNext,
  onPage,
  onLimit,
}: {
  page: number;
  pages: number;
  exact: boolean;
  total: number | null;
  limit: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: PageSize) => void;
}) {
  const [typed, setTyped] = useState<number | string>(page);
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setTyped(page);
  }
  const go = () => {
    const next = Math.trunc(Number(typed));
    if (Number.isFinite(next) && next >= 1 && next !== page) onPage(Math.min(next, pages));
    else setTyped(page);
  };
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label="Pages of leads">
      <Text size="sm" data-testid="page-summary">
        Page {number.format(page)} of {exact ? '' : 'about '}
        {number.format(pages)}
        {total !== null ? ` · ${exact ? '' : '≈ '}${number.format(total)} leads to browse` : ''}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <TextInput
          type="number"
          inputMode="numeric"
          aria-label="Page number"
          w={80}
          min={1}
          max={pages}
          step={1}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onBlur={go}
          onKeyDown={(event) => {
            if (event.key === 'Enter') go();
          }}
        />
        <Button variant="default" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
        <NativeSelect
          aria-label="Leads per page"
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
          value={String(limit)}
          onChange={(event) => onLimit(Number(event.currentTarget.value) as PageSize)}
        />
      </Group>
    </Group>
  );
}
