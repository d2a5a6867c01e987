import type { ConsoleRevealResponse } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { formatDateTime } from '../../../shared/lib/format-date';
import { revealQuoteQueryOptions } from '../api/leads.queries';
import { useRevealLeads } from '../api/reveal-leads.mutation';
import { CostLines, credits } from '../../../shared/ui/cost-lines';

const leadsWord = (count: number) => (count === 1 ? 'lead' : 'leads');

/**
 * Reveal the selected leads: the price is asked first (free) and shown with the balance after it;
 * nothing is charged until Confirm, which pays exactly that quote.
 */
export function RevealModal({
  leadIds,
  onClose,
  onRevealed,
}: {
  leadIds: string[] | null;
  onClose: () => void;
  onRevealed: (result: ConsoleRevealResponse) => void;
}) {
  const quote = useQuery({ ...revealQuoteQueryOptions(leadIds ?? []), enabled: leadIds !== null });
  const reveal = useRevealLeads();
  const close = () => {
    reveal.reset();
    onClose();
  };
  const stale = isApiCallError(reveal.error) && ['QUOTE_EXPIRED', 'QUOTE_MISMATCH', 'QUOTE_NOT_FOUND'].includes(reveal.error.code);
  const count = leadIds?.length ?? 0;

  return (
    <Modal
      opened={leadIds !== null}
      onClose={close}
      title={`Reveal ${count} ${leadsWord(count)}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {quote.isPending && (
          <Stack gap="xs">
            <Text size="sm">Asking the price…</Text>
            <Skeleton h={120} />
          </Stack>
        )}
        {quote.isError && (
          <Alert color="red" role="alert">
            {describeError(quote.error)}
          </Alert>
        )}
        {quote.data && (
          <>
            <CostLines
              lines={[
                [`${quote.data.new} new ${leadsWord(quote.data.new)} × 1 credit`, credits(quote.data.new)],
                [`${quote.data.already_revealed} already revealed`, 'free'],
                ...(quote.data.not_found.length ? [[`${quote.data.not_found.length} no longer found`, 'free'] as [string, string]] : []),
              ]}
              total={quote.data.credits}
              balance={quote.data.balance}
            />
            {quote.data.credits > quote.data.balance && (
              <Alert color="yellow" role="status">
                The balance is too low for these leads. Select fewer.
              </Alert>
            )}
            <Text size="sm" c="gray.7">
              Nothing is charged until you confirm. This price holds until {formatDateTime(quote.data.expires_at)}.
            </Text>
          </>
        )}
        {reveal.isError && (
          <Alert color="red" role="alert">
            {describeError(reveal.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          {stale ? (
            <Button
              onClick={() => {
                reveal.reset();
                void quote.refetch();
              }}
            >
              Ask for a new price
            </Button>
          ) : (
            <Button
              disabled={!quote.data || quote.data.credits > quote.data.balance}
              loading={reveal.isPending}
              onClick={() =>
                quote.data &&
                reveal.mutate({ leadIds: leadIds ?? [], quote_id: quote.data.quote_id }, { onSuccess: (result) => onRevealed(result) })
              }
            >
              Confirm
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
