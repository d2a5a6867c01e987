import type { TeamMember } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { describeError } from '../../../shared/api/error-messages';
import { useRemoveTeamMember } from '../api/remove-team-member.mutation';
import { displayName } from './team-table';

export function RemoveTeamMemberModal({ member, self, onClose }: { member: TeamMember | null; self: boolean; onClose: () => void }) {
  const remove = useRemoveTeamMember();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={member !== null} onClose={close} title="Remove user" closeButtonProps={{ 'aria-label': 'Close' }}>
      {member && (
        <Stack>
          <Text>
            Remove {displayName(member)}
            {member.name ? ` (${member.email})` : ''} from the account?
          </Text>
          <Text size="sm">
            {self ? 'You will be signed out everywhere at once.' : 'Their sessions end at once.'} The API keys they created stay the
            account's and keep working.
          </Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {describeError(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate(member.id, { onSuccess: close })}>
              Remove user
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
