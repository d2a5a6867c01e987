import type { ApiKeyListItem } from '@lead-engine/contracts/console';
import { Button, Code, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatDateTime, formatRelative } from '../../../shared/lib/format-date';
import cardTable from '../../../shared/ui/card-table.module.css';
import classes from './api-key-table.module.css';
import { TableRegion } from '../../../shared/ui/table-region';

const credits = new Intl.NumberFormat('en-US');

/** "40 of 100 left today · 900 of 1,000 in total · 50 per call · read-only · expires …", or null without limits. */
export function budgetSummary(budget: ApiKeyListItem['budget']): string | null {
  if (!budget) return null;
  const parts = [
    budget.day !== null ? `${credits.format(budget.left_today ?? 0)} of ${credits.format(budget.day)} left today` : null,
    budget.total !== null ? `${credits.format(budget.left_total ?? 0)} of ${credits.format(budget.total)} in total` : null,
    budget.per_call !== null ? `at most ${credits.format(budget.per_call)} per call` : null,
    budget.read_only ? 'read-only' : null,
    budget.expires_at ? `expires ${formatDateTime(budget.expires_at)}` : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

/** The keys as a table; on a phone each row becomes a card with every fact named (api-key-table.module.css). */
export function ApiKeyTable({
  keys,
  onRename,
  onRevoke,
  onLimits,
}: {
  keys: ApiKeyListItem[];
  onRename: (key: ApiKeyListItem) => void;
  onRevoke: (key: ApiKeyListItem) => void;
  /** Owners only: a key's budgets, read-only flag and expiry. */
  onLimits?: (key: ApiKeyListItem) => void;
}) {
  return (
    <TableRegion label="API keys table">
      <Table verticalSpacing="sm" highlightOnHover className={cardTable.table}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text component="span" size="sm" c="dimmed">
            {keys.length === 1 ? '1 key' : `${keys.length} keys`}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Last used</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Credits, 30 days
            </Table.Th>
            <Table.Th scope="col">Budget</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid="api-key" data-key-id={key.id}>
              <Table.Th scope="row" fw={600} data-testid="api-key-name">
                <Text component="span" inherit display="block" maw={{ base: '100%', sm: '16rem' }} truncate="end" title={key.name}>
                  {key.name}
                </Text>
              </Table.Th>
              <Table.Td data-label="Key">
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td data-testid="api-key-created" data-label="Created">
                <time dateTime={key.created_at} title={formatDateTime(key.created_at)}>
                  {formatDate(key.created_at)}
                </time>
                <Text size="sm" c="dimmed" maw={{ base: '100%', sm: '12rem' }} truncate="end" title={key.created_by?.name}>
                  by {key.created_by?.name ?? 'CLI'}
                </Text>
              </Table.Td>
              <Table.Td data-testid="api-key-last-used" data-label="Last used">
                {key.last_used_at ? (
                  <time dateTime={key.last_used_at} title={formatDateTime(key.last_used_at)}>
                    {formatRelative(key.last_used_at)}
                  </time>
                ) : (
                  <Text component="span" c="dimmed">
                    never
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-testid="api-key-spent" data-label="Credits, 30 days">
                {credits.format(key.credits_spent_30d)}
              </Table.Td>
              <Table.Td data-testid="api-key-budget" data-label="Budget" className={classes.budget}>
                {budgetSummary(key.budget) ?? (
                  <Text component="span" c="dimmed">
                    none
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" className={cardTable.actions}>
                  {onLimits && (
                    <Button variant="default" size="xs" onClick={() => onLimits(key)} aria-label={`Limits of ${key.name}`}>
                      Limits
                    </Button>
                  )}
                  <Button variant="default" size="xs" onClick={() => onRename(key)} aria-label={`Rename ${key.name}`}>
                    Rename
                  </Button>
                  <Button variant="outline" color="red.9" size="xs" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
