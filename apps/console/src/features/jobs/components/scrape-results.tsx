import { Alert, Anchor, Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import cardTable from '../../../shared/ui/card-table.module.css';
import { LIVE_INTERVAL_MS, scrapeResultsQueryOptions } from '../api/jobs.queries';
import type { ScrapeResult } from '../api/jobs.types';
import { number, OUTCOME_LABELS, outcomeWords } from '../job-words';
import { SCRAPE_OUTCOMES, type ScrapeOutcome } from '../jobs-search';
import { TableRegion } from '../../../shared/ui/table-region';

const PREVIEW_CHARS = 200;
const OUTCOME_OPTIONS = [
  { value: '', label: 'Every outcome' },
  ...SCRAPE_OUTCOMES.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] })),
];

/** A scrape's sites in order of completion, filtered by outcome (in the URL), "Show more" for the next page. */
export function ScrapeResults({
  id,
  outcome,
  onOutcome,
  running,
}: {
  id: string;
  outcome: ScrapeOutcome | undefined;
  onOutcome: (outcome: ScrapeOutcome | undefined) => void;
  running: boolean;
}) {
  const results = useInfiniteQuery({ ...scrapeResultsQueryOptions(id, outcome), refetchInterval: running ? LIVE_INTERVAL_MS : false });
  const items = results.data?.pages.flatMap((page) => page.items);

  return (
    <Paper
      withBorder
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-labelledby="scrape-results-title"
      aria-busy={results.isPending || results.isPlaceholderData || results.isFetchingNextPage}
      data-testid="scrape-results"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4" id="scrape-results-title">
            Sites and their text
          </Title>
          <NativeSelect
            label="Outcome"
            data={OUTCOME_OPTIONS}
            value={outcome ?? ''}
            onChange={(event) => onOutcome((event.currentTarget.value || undefined) as ScrapeOutcome | undefined)}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        {results.isPending && <Skeleton h={120} />}
        {results.isError && (
          <Alert color="red" role="alert">
            {describeError(results.error)}
          </Alert>
        )}
        {items &&
          (items.length === 0 ? (
            <Text py="md" ta="center" data-testid="no-results">
              {running ? 'No site has finished yet.' : outcome ? 'No site had this outcome.' : 'No sites.'}
            </Text>
          ) : (
            <TableRegion label="Sites table">
              <Table verticalSpacing="sm" className={cardTable.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Domain</Table.Th>
                    <Table.Th scope="col">Outcome</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Characters
                    </Table.Th>
                    <Table.Th scope="col">Text</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <ResultRow key={item.domain} item={item} />
                  ))}
                </Table.Tbody>
              </Table>
            </TableRegion>
          ))}
        {results.hasNextPage && (
          <Group>
            <Button variant="default" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
              Show more sites
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ResultRow({ item }: { item: ScrapeResult }) {
  const [expanded, setExpanded] = useState(false);
  const long = item.text.length > PREVIEW_CHARS;
  const textId = `text-${item.domain}`;
  return (
    <Table.Tr data-testid="scrape-result" data-domain={item.domain} data-outcome={item.status}>
      <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {item.domain}
      </Table.Th>
      <Table.Td data-label="Outcome" data-testid="result-outcome" style={{ overflowWrap: 'anywhere' }}>
        {outcomeWords(item)}
        {item.cached && (
          <Text component="span" size="sm" c="gray.7">
            {' '}
            · from the cache
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Characters" ta="right" data-testid="result-chars">
        {number.format(item.chars)}
      </Table.Td>
      <Table.Td data-label="Text" maw={560}>
        {item.text ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm" id={textId} data-testid="result-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {expanded || !long ? item.text : `${item.text.slice(0, PREVIEW_CHARS)}…`}
            </Text>
            {long && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                aria-label={`${expanded ? 'Show less' : 'Show all text'} of ${item.domain}`}
                aria-expanded={expanded}
                aria-controls={textId}
                onClick={() => setExpanded((open) => !open)}
              >
                {expanded ? 'Show less' : 'Show all text'}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Text component="span" size="sm" c="gray.7">
            no text
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
