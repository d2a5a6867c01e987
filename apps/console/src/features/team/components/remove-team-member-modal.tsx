import type { TeamMember } from '@lead-engine/contracts/console';
import { Modal, Stack, Text } from '@mantine/core';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
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
          <ConfirmActions
            danger
            confirmLabel="Remove user"
            pending={remove.isPending}
            error={remove.error}
            onCancel={close}
            onConfirm={() => remove.mutate(member.id, { onSuccess: close })}
          />
        </Stack>
      )}
    </Modal>
  );
}
