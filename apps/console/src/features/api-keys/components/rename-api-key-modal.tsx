import type { ApiKeyListItem } from '@lead-engine/contracts/console';
import { Modal } from '@mantine/core';
import { useRenameApiKey } from '../api/rename-api-key.mutation';
import { NameForm } from '../../../shared/ui/name-form';

export function RenameApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyListItem | null; onClose: () => void }) {
  const rename = useRenameApiKey();
  const close = () => {
    rename.reset();
    onClose();
  };
  return (
    <Modal
      opened={apiKey !== null}
      onClose={close}
      title={apiKey ? `Rename ${apiKey.name}` : 'Rename'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {apiKey && (
        <NameForm
          key={apiKey.id}
          name={apiKey.name}
          description="What the key is for, e.g. the tool that uses it"
          confirmLabel="Save name"
          pending={rename.isPending}
          error={rename.error}
          onSubmit={(request) => rename.mutate({ id: apiKey.id, ...request }, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </Modal>
  );
}
