import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { formatDateTime } from '../../../shared/lib/format-date';
import { exportQuoteQueryOptions } from '../api/leads.queries';
import { useStartExport } from '../api/start-export.mutation';
import type { LeadFilters } from '../lead-filter-set';
import { CostLines, credits } from '../../../shared/ui/cost-lines';
import { ExportStatus } from './export-status';

export const MAX_EXPORT_ROWS = 50_000;
const number = new Intl.NumberFormat('en-US');

/**
 * Export every match of the filters, up to a row limit: the price (new leads 1 credit each, revealed ones
 * skipped) and the balance after are shown before Confirm; then the export's live status and its CSV.
 */
export function ExportModal({
  opened,
  filters,
  matches,
  onClose,
  onStarted,
}: {
  opened: boolean;
  filters: LeadFilters;
  matches: number;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Export all matches" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Each opening starts afresh: a new default limit and a new quote. */}
      {opened && <ExportForm filters={filters} matches={matches} onClose={onClose} onStarted={onStarted} />}
    </Modal>
  );
}

function ExportForm({
  filters,
  matches,
  onClose,
  onStarted,
}: {
  filters: LeadFilters;
  matches: number;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  const [limit, setLimit] = useState<number | ''>(Math.max(1, Math.min(matches, 1000)));
  const valid = typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= MAX_EXPORT_ROWS;
  const [settled] = useDebouncedValue(valid ? limit : null, 400);
  const quote = useQuery({ ...exportQuoteQueryOptions(filters, settled ?? 0), enabled: settled !== null && settled === limit });
  const start = useStartExport();

  if (start.data) {
    return (
      <Stack>
        <ExportStatus id={start.data.id} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  const current = quote.data && settled === limit ? quote.data : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (current && valid)
          start.mutate({ ...filters, limit, quote_id: current.quote_id }, { onSuccess: (started) => onStarted(started.id) });
      }}
      noValidate
    >
      <Stack>
        <Text size="sm">
          {number.format(matches)} {matches === 1 ? 'lead matches' : 'leads match'} these filters. Leads already yours are skipped and cost
          nothing: they are on{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/leads/revealed" />} inherit>
            Revealed leads
          </Anchor>
          .
        </Text>
        <TextInput
          type="number"
          inputMode="numeric"
          label="Rows"
          description={`At most ${number.format(MAX_EXPORT_ROWS)}`}
          min={1}
          max={MAX_EXPORT_ROWS}
          step={1}
          value={limit}
          onChange={(event) => setLimit(event.currentTarget.value === '' ? '' : Number(event.currentTarget.value))}
          error={valid ? undefined : `Enter 1 to ${number.format(MAX_EXPORT_ROWS)} rows.`}
          data-autofocus
        />
        {valid && !current && !quote.isError && (
          <Stack gap="xs">
            <Text size="sm">Asking the price…</Text>
            <Skeleton h={100} />
          </Stack>
        )}
        {quote.isError && (
          <Alert color="red" role="alert">
            {describeError(quote.error)}
          </Alert>
        )}
        {current && (
          <>
            <CostLines
              lines={[
                [`${number.format(current.new)} new ${current.new === 1 ? 'row' : 'rows'} × 1 credit`, credits(current.new)],
                [`${number.format(current.already_revealed)} skipped: already yours`, 'free'],
              ]}
              total={current.credits}
              balance={current.balance}
            />
            {current.credits > current.balance && (
              <Alert color="yellow" role="status">
                The export stops when the balance runs out: it delivers and charges at most {credits(current.balance)}.
              </Alert>
            )}
            <Text size="sm" c="gray.7">
              Nothing is charged until you confirm; the export charges as it delivers. This price holds until{' '}
              {formatDateTime(current.expires_at)}.
            </Text>
          </>
        )}
        {start.isError && (
          <Alert color="red" role="alert">
            {describeError(start.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {start.isError && quote.data ? (
            <Button
              onClick={() => {
                start.reset();
                void quote.refetch();
              }}
            >
              Ask for a new price
            </Button>
          ) : (
            <Button type="submit" disabled={!current || current.new === 0} loading={start.isPending}>
              Confirm
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
