import type { ConsoleRole, TeamMember } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { teamQueryOptions } from '../../../shared/api/team.queries';
import { useChangeTeamRole } from '../api/change-team-role.mutation';
import { InviteTeamMemberModal } from '../components/invite-team-member-modal';
import { RemoveTeamMemberModal } from '../components/remove-team-member-modal';
import { displayName, TeamTable } from '../components/team-table';

export function TeamPage() {
  const team = useQuery(teamQueryOptions());
  const me = useQuery(meQueryOptions());
  const changeRole = useChangeTeamRole();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const selfId = me.data?.user.id ?? '';

  if (isApiCallError(team.error, 'FORBIDDEN')) {
    return (
      <Stack gap="lg" maw={760}>
        <Title order={1}>Team</Title>
        <Alert color="gray" variant="light" title="Only owners can open the Team page" role="alert" data-testid="team-forbidden">
          The account's owners invite and remove its users and change their roles. Ask an owner if you need a change.
        </Alert>
      </Stack>
    );
  }

  const onChangeRole = (member: TeamMember, role: ConsoleRole) => changeRole.mutate({ id: member.id, role });

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Team</Title>
          <Text c="dimmed">The people who sign in to this account. Owners manage the team; members use the account.</Text>
        </Stack>
        <Button onClick={() => setInviting(true)}>Invite</Button>
      </Group>

      {changeRole.isError && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => changeRole.reset()}>
          {isApiCallError(changeRole.error, 'LAST_OWNER')
            ? `${changeRole.variables ? roleTarget(team.data?.items, changeRole.variables.id) : 'This user'} is the account's last owner: make someone else an owner first.`
            : describeError(changeRole.error)}
        </Alert>
      )}

      <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Users of the account">
        {team.isPending && <Skeleton h={120} />}
        {team.isError && (
          <Alert color="red" role="alert">
            {describeError(team.error)}
          </Alert>
        )}
        {team.data && (
          <TeamTable
            members={team.data.items}
            selfId={selfId}
            changingId={changeRole.isPending ? (changeRole.variables?.id ?? null) : null}
            onChangeRole={onChangeRole}
            onRemove={setRemoving}
          />
        )}
      </Paper>

      <InviteTeamMemberModal opened={inviting} onClose={() => setInviting(false)} />
      <RemoveTeamMemberModal member={removing} self={removing?.id === selfId} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function roleTarget(members: TeamMember[] | undefined, id: string): string {
  const member = members?.find((item) => item.id === id);
  return member ? displayName(member) : 'This user';
}
