import type { OperatorAccountRow } from '@lead-engine/contracts/console';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDateTime, formatRelative } from '../../../shared/lib/format-date';
import { planLabel } from '../../../shared/lib/plan-format';
import { TableRegion } from '../../../shared/ui/table-region';

const number = new Intl.NumberFormat('en-US');
const RIGHT = { textAlign: 'right' } as const;

/** The accounts found, each a link to its page; wider than a phone, the table scrolls in its own region, never the page. */
export function AccountSearchResults({ accounts }: { accounts: OperatorAccountRow[] }) {
  return (
    <TableRegion label="Accounts table">
      <Table verticalSpacing="sm" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Balance
            </Table.Th>
            <Table.Th scope="col">Plan</Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Users
            </Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Keys
            </Table.Th>
            <Table.Th scope="col">Last activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.id} data-testid="account-row" data-account-id={account.id}>
              <Table.Th scope="row" fw={600}>
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/operator/accounts/$accountId" params={{ accountId: account.id }} />}
                  display="block"
                  maw="20rem"
                  truncate="end"
                  title={account.name}
                  data-testid="account-name"
                >
                  {account.name}
                </Anchor>
              </Table.Th>
              <Table.Td>
                <time dateTime={account.created_at} title={formatDateTime(account.created_at)}>
                  {formatDate(account.created_at)}
                </time>
              </Table.Td>
              <Table.Td style={RIGHT} data-testid="account-balance">
                {number.format(account.balance)}
              </Table.Td>
              <Table.Td data-testid="account-plan">{account.plan ? planLabel(account.plan) : <Dimmed words="none" />}</Table.Td>
              <Table.Td style={RIGHT}>{number.format(account.users)}</Table.Td>
              <Table.Td style={RIGHT}>{number.format(account.keys)}</Table.Td>
              <Table.Td>
                {account.last_activity_at ? (
                  <time dateTime={account.last_activity_at} title={formatDateTime(account.last_activity_at)}>
                    {formatRelative(account.last_activity_at)}
                  </time>
                ) : (
                  <Dimmed words="none yet" />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

function Dimmed({ words }: { words: string }) {
  return (
    <Text component="span" c="dimmed" inherit>
      {words}
    </Text>
  );
}
