import type { UsageEntry } from '@lead-engine/contracts/console';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../shared/lib/format-date';
import { KIND_LABELS } from '../usage-search';
import cardTable from '../../../shared/ui/card-table.module.css';
import { TableRegion } from '../../../shared/ui/table-region';

const signed = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });
/** A darker green than Mantine's, so that it keeps 4.5:1 on a highlighted (hovered) row too. */
const POSITIVE = '#086048';

const MOVEMENTS: Record<UsageEntry['movement'], string> = {
  grant: 'added',
  spend: 'spent',
  hold: 'held',
  refund: 'refunded',
};

/** The ledger newest first; on a phone each entry becomes a card with every fact named (usage-table.module.css). */
export function UsageTable({ entries }: { entries: UsageEntry[] }) {
  return (
    <TableRegion label="Usage table">
      <Table verticalSpacing="sm" highlightOnHover className={cardTable.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Credits
            </Table.Th>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">User</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="usage-entry" data-entry-id={entry.id} data-movement={entry.movement}>
              <Table.Td data-label="Date" data-testid="usage-date" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                <span data-testid="usage-description">
                  {entry.job ? (
                    <Anchor
                      renderRoot={(props) => <Link {...props} to="/usage" search={{ job: `${entry.job!.type}:${entry.job!.id}` }} />}
                      title={`Every entry of ${entry.job.type} ${entry.job.id}`}
                      data-testid="usage-job-link"
                    >
                      {entry.description}
                    </Anchor>
                  ) : (
                    entry.description
                  )}
                </span>
                {entry.movement === 'spend' && (entry.kind === 'reveal' || entry.kind === 'export') && entry.reference && (
                  <>
                    {' · '}
                    <Anchor
                      renderRoot={(props) => <Link {...props} to="/leads/revealed" search={{ reference: entry.reference! }} />}
                      fw={400}
                      data-testid="usage-revealed-link"
                    >
                      the leads
                    </Anchor>
                  </>
                )}
              </Table.Th>
              <Table.Td data-label="Kind" data-testid="usage-kind">
                {KIND_LABELS[entry.kind]}
                <Text component="span" size="sm" c="dimmed">
                  {' '}
                  · {MOVEMENTS[entry.movement]}
                </Text>
              </Table.Td>
              <Table.Td data-label="Credits" data-testid="usage-change" style={{ textAlign: 'right' }}>
                <Text component="span" fw={600} c={entry.change > 0 ? POSITIVE : 'red.9'}>
                  {signed.format(entry.change)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Key" data-testid="usage-key">
                {entry.key ? (
                  entry.key.name
                ) : (
                  <Text component="span" c="dimmed" inherit>
                    {entry.user ? 'in the app' : 'none'}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="User" data-testid="usage-user">
                {entry.user ? (
                  entry.user.name
                ) : (
                  <Text component="span" c="dimmed" inherit>
                    none
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
