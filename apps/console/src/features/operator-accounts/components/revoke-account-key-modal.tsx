import type { OperatorAccountKey } from '@lead-engine/contracts/console';
import { Modal, Stack, Text } from '@mantine/core';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { useRevokeOperatorApiKey } from '../api/revoke-operator-api-key.mutation';

/** Confirms the revocation: it cannot be undone, and the key fails on /api/v1 at once. */
export function RevokeAccountKeyModal({
  accountId,
  apiKey,
  onClose,
  onRevoked,
}: {
  accountId: string;
  apiKey: OperatorAccountKey | null;
  onClose: () => void;
  onRevoked: (words: string) => void;
}) {
  const revoke = useRevokeOperatorApiKey(accountId);
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} title="Revoke API key" closeButtonProps={{ 'aria-label': 'Close' }}>
      {apiKey && (
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>Revoke {apiKey.name}? Requests with it will fail at once.</Text>
          <Text size="sm" c="dimmed">
            Key {apiKey.prefix}… This cannot be undone.
          </Text>
          <ConfirmActions
            danger
            confirmLabel="Revoke key"
            pending={revoke.isPending}
            error={revoke.error}
            onCancel={close}
            onConfirm={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => {
                  close();
                  onRevoked(`The key ${apiKey.name} is revoked: requests with it fail from now on.`);
                },
              })
            }
          />
        </Stack>
      )}
    </Modal>
  );
}
