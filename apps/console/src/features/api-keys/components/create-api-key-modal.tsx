import type { CreatedApiKey } from '@lead-engine/contracts/console';
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { ShownOnce } from '../../../shared/ui/shown-once';
import { useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '../../../shared/api/api-keys.queries';
import { useCreateApiKey } from '../api/create-api-key.mutation';
import { NameForm } from '../../../shared/ui/name-form';
import { ShownOnceModal } from '../../../shared/ui/shown-once-modal';

/**
 * Create a key: its name, then the key itself, shown this once. Closing forgets the key (the mutation
 * is reset and dropped from the cache) and refreshes the list.
 */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useCreateApiKey();
  const close = () => {
    const created = create.isSuccess;
    create.reset();
    onClose();
    if (created) void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
  };

  return (
    <ShownOnceModal
      opened={opened}
      onClose={close}
      title={create.data ? 'Your new API key' : 'Create an API key'}
      showing={Boolean(create.data)}
    >
      {create.data ? (
        <CreatedKey created={create.data} onDone={close} />
      ) : (
        <NameForm
          description="What the key is for, e.g. the tool that uses it"
          confirmLabel="Create key"
          pending={create.isPending}
          error={create.error}
          onSubmit={(request) => create.mutate(request)}
          onCancel={close}
        />
      )}
    </ShownOnceModal>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Stack data-testid="created-key">
      <ShownOnce
        warning={
          <>
            <strong>Copy it now.</strong> This is the only time the key <strong>{created.name}</strong> is shown. It will not be shown
            again: store it where your tool keeps secrets.
          </>
        }
        label="API key"
        value={created.key}
        copyLabel="Copy key"
        testId="new-key"
      />
      <Stack gap={4}>
        <Text size="sm" fw={600} id="curl-label">
          Try it
        </Text>
        <Code block aria-labelledby="curl-label" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="curl">
          {created.curl}
        </Code>
        <Group>
          <CopyButton value={created.curl}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? 'Copied' : 'Copy command'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>I have stored the key</Button>
      </Group>
    </Stack>
  );
}
