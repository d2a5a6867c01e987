import type { OperatorAccountUser } from '@lead-engine/contracts/console';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { TableRegion } from '../../../shared/ui/table-region';

const ROLES: Record<OperatorAccountUser['role'], string> = { owner: 'Owner', member: 'Member' };

/** The account's users, removed ones marked, each current one's password link a click away; on a phone the table scrolls in its own region. */
export function AccountUsersTable({
  users,
  onResetPassword,
}: {
  users: OperatorAccountUser[];
  onResetPassword: (user: OperatorAccountUser) => void;
}) {
  if (users.length === 0) return <Text data-testid="no-users">No users yet: invite its first owner.</Text>;
  return (
    <TableRegion label="Users table">
      <Table verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
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
              <Table.Td>
                {!user.removed && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onResetPassword(user)}
                    aria-label={`Reset password of ${user.email}`}
                  >
                    Reset password
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
