import type { ApiKeyListItem } from '@lead-engine/contracts/console';
import { Modal, Stack, Text } from '@mantine/core';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { useRevokeApiKey } from '../api/revoke-api-key.mutation';

export function RevokeApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyListItem | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} title="Revoke API key" closeButtonProps={{ 'aria-label': 'Close' }}>
      {apiKey && (
        <Stack>
          <Text>Revoke {apiKey.name}? Requests with it will fail at once.</Text>
          <Text size="sm" c="dimmed">
            Key {apiKey.prefix}… This cannot be undone.
          </Text>
          <ConfirmActions
            danger
            confirmLabel="Revoke key"
            pending={revoke.isPending}
            error={revoke.error}
            onCancel={close}
            onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: close })}
          />
        </Stack>
      )}
    </Modal>
  );
}
