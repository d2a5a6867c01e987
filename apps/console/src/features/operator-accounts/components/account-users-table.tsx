import type { OperatorAccountUser } from '@lead-engine/contracts/console';
import { Badge, Table, Text } from '@mantine/core';

const ROLES: Record<OperatorAccountUser['role'], string> = { owner: 'Owner', member: 'Member' };

/** The account's users, removed ones marked; on a phone the table scrolls in its own region. */
export function AccountUsersTable({ users }: { users: OperatorAccountUser[] }) {
  if (users.length === 0) return <Text data-testid="no-users">No users yet: invite its first owner with the CLI's users:invite.</Text>;
  return (
    <Table.ScrollContainer minWidth={0} type="native" tabIndex={0} role="region" aria-label="Users table">
      <Table verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="account-user" c={user.removed ? 'dimmed' : undefined}>
              <Table.Th scope="row" fw={600}>
                {user.name || (
                  <Text component="span" c="dimmed" inherit fw={400}>
                    invited, not signed up yet
                  </Text>
                )}
              </Table.Th>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                {ROLES[user.role]}{' '}
                {user.removed && (
                  <Badge variant="outline" color="gray.7" ml={4}>
                    Removed
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
