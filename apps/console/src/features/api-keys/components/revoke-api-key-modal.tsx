import type { ApiKeyListItem } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { describeError } from '../../../shared/api/error-messages';
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
          <Text>
            Revoke {apiKey.name}? Requests with it will fail at once.
          </Text>
          <Text size="sm" c="dimmed">
            Key {apiKey.prefix}… This cannot be undone.
          </Text>
          {revoke.isError && (
            <Alert color="red" role="alert">
              {describeError(revoke.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" loading={revoke.isPending} onClick={() => revoke.mutate(apiKey.id, { onSuccess: close })}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
