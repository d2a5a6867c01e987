import type { ConsoleRole, TeamMember } from '@lead-engine/contracts/console';
import { Badge, Button, Group, NativeSelect, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../../shared/lib/format-date';
import cardTable from '../../../shared/ui/card-table.module.css';
import { TableRegion } from '../../../shared/ui/table-region';

export const displayName = (member: TeamMember) => member.name || member.email;

/** The account's users as a table; on a phone each row becomes a card with every fact named (team-table.module.css). */
export function TeamTable({
  members,
  selfId,
  changingId,
  onChangeRole,
  onRemove,
}: {
  members: TeamMember[];
  selfId: string;
  changingId: string | null;
  onChangeRole: (member: TeamMember, role: ConsoleRole) => void;
  onRemove: (member: TeamMember) => void;
}) {
  return (
    <TableRegion label="Team table">
      <Table verticalSpacing="sm" highlightOnHover className={cardTable.table}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text component="span" size="sm" c="dimmed">
            {members.length === 1 ? '1 user' : `${members.length} users`}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Last sign-in</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Sessions
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id} data-testid="team-member" data-user-id={member.id}>
              <Table.Th scope="row" fw={600} data-testid="team-member-name">
                <Group gap="xs" wrap="wrap">
                  <Text component="span" inherit maw={{ base: '100%', sm: '16rem' }} truncate="end" title={displayName(member)}>
                    {displayName(member)}
                  </Text>
                  {member.id === selfId && (
                    <Badge size="sm" variant="outline" color="gray.8">
                      You
                    </Badge>
                  )}
                  {member.invite_pending && (
                    <Badge size="sm" variant="light" color="yellow.9" data-testid="invite-pending">
                      Invite pending
                    </Badge>
                  )}
                </Group>
              </Table.Th>
              <Table.Td data-label="Email" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Table.Td>
              <Table.Td data-label="Role">
                <NativeSelect
                  size="xs"
                  w={120}
                  display="inline-block"
                  aria-label={`Role of ${displayName(member)}`}
                  data-testid="team-member-role"
                  value={member.role}
                  disabled={changingId === member.id}
                  data={[
                    { value: 'owner', label: 'Owner' },
                    { value: 'member', label: 'Member' },
                  ]}
                  onChange={(event) => onChangeRole(member, event.currentTarget.value as ConsoleRole)}
                />
              </Table.Td>
              <Table.Td data-label="Last sign-in" data-testid="team-member-last-sign-in">
                {member.last_sign_in_at ? (
                  <time dateTime={member.last_sign_in_at} title={formatDateTime(member.last_sign_in_at)}>
                    {formatRelative(member.last_sign_in_at)}
                  </time>
                ) : (
                  <Text component="span" c="dimmed">
                    never
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Sessions" style={{ textAlign: 'right' }} data-testid="team-member-sessions">
                {member.sessions}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap" className={cardTable.actions}>
                  <Button
                    variant="outline"
                    color="red.9"
                    size="xs"
                    onClick={() => onRemove(member)}
                    aria-label={`Remove ${displayName(member)}`}
                  >
                    Remove
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
