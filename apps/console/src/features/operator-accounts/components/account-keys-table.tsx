import type { OperatorAccountKey } from '@lead-engine/contracts/console';
import { Badge, Button, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { AccountMoment } from './account-moment';
import { TableRegion } from '../../../shared/ui/table-region';

/** The account's API keys, revoked ones marked, a live one revoked from its row; on a phone the table scrolls in its own region. */
export function AccountKeysTable({ keys, onRevoke }: { keys: OperatorAccountKey[]; onRevoke: (key: OperatorAccountKey) => void }) {
  if (keys.length === 0) return <Text data-testid="no-account-keys">No API keys.</Text>;
  return (
    <TableRegion label="API keys table">
      <Table verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Last used</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid="account-key" c={key.revoked_at ? 'dimmed' : undefined}>
              <Table.Th scope="row" fw={600}>
                <Text component="span" inherit display="block" maw="16rem" truncate="end" title={key.name}>
                  {key.name}
                </Text>
              </Table.Th>
              <Table.Td>
                <Code data-testid="account-key-prefix">{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <time dateTime={key.created_at} title={formatDateTime(key.created_at)}>
                  {formatDate(key.created_at)}
                </time>
              </Table.Td>
              <Table.Td>
                <AccountMoment iso={key.last_used_at} />
              </Table.Td>
              <Table.Td>
                {key.revoked_at ? (
                  <Badge variant="outline" color="gray.7" title={formatDateTime(key.revoked_at)}>
                    Revoked {formatDate(key.revoked_at)}
                  </Badge>
                ) : (
                  'Works'
                )}
              </Table.Td>
              <Table.Td>
                {!key.revoked_at && (
                  <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
