import type { TeamMember } from '@lead-engine/contracts/console';
import { Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { useRemoveTeamMember } from '../api/remove-team-member.mutation';
import { displayName } from './team-table';

export function RemoveTeamMemberModal({ member, self, onClose }: { member: TeamMember | null; self: boolean; onClose: () => void }) {
  const remove = useRemoveTeamMember();
  const [revokeKeys, setRevokeKeys] = useState(true);
  const close = () => {
    remove.reset();
    setRevokeKeys(true);
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
            {self ? 'You will be signed out everywhere at once.' : 'Their sessions end at once.'} What they did stays in Usage and Jobs
            under their name, marked removed.
          </Text>
          <Checkbox
            label="Also revoke the API keys they created"
            description={
              revokeKeys
                ? 'Those keys stop working at once.'
                : "Those keys stay the account's and keep working; you can revoke them later on API keys."
            }
            checked={revokeKeys}
            onChange={(event) => setRevokeKeys(event.currentTarget.checked)}
          />
          <ConfirmActions
            danger
            confirmLabel="Remove user"
            pending={remove.isPending}
            error={remove.error}
            onCancel={close}
            onConfirm={() => remove.mutate({ id: member.id, revokeKeys }, { onSuccess: close })}
          />
        </Stack>
      )}
    </Modal>
  );
}
