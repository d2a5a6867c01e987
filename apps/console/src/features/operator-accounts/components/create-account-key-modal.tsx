import { type CreatedApiKey, type OperatorAccount } from '@lead-engine/contracts/console';
import { Button, Group, Stack } from '@mantine/core';
import { NameForm } from '../../../shared/ui/name-form';
import { ShownOnce } from '../../../shared/ui/shown-once';
import { usePhone } from '../../../shared/ui/use-phone';
import { useCreateOperatorApiKey } from '../api/create-operator-api-key.mutation';
import { ShownOnceModal } from '../../../shared/ui/shown-once-modal';

/** A key for the account: its name, then the key, shown this once. Closing forgets the key (the mutation is reset). */
export function CreateAccountKeyModal({ account, opened, onClose }: { account: OperatorAccount; opened: boolean; onClose: () => void }) {
  const create = useCreateOperatorApiKey(account.id);
  const phone = usePhone();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <ShownOnceModal
      opened={opened}
      onClose={close}
      title={create.data ? `The new API key of ${account.name}` : `Create an API key for ${account.name}`}
      showing={Boolean(create.data)}
      fullScreen={phone}
    >
      {create.data ? (
        <CreatedKey created={create.data} onDone={close} />
      ) : (
        opened && (
          <NameForm
            description="What the key is for, e.g. the tool that uses it"
            confirmLabel="Create key"
            pending={create.isPending}
            error={create.error}
            onSubmit={(request) => create.mutate(request)}
            onCancel={close}
          />
        )
      )}
    </ShownOnceModal>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Stack data-testid="created-account-key">
      <ShownOnce
        warning={
          <>
            <strong>Copy the key now.</strong> The key <strong>{created.name}</strong> is shown only now: it will not be shown again. Give
            it to the account's people where they keep secrets.
          </>
        }
        label="API key"
        value={created.key}
        copyLabel="Copy key"
        testId="new-account-key"
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Close</Button>
      </Group>
    </Stack>
  );
}
