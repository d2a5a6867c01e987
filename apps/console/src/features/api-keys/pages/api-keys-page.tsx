import type { ApiKeyListItem } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiKeysQueryOptions } from '../../../shared/api/api-keys.queries';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { describeError } from '../../../shared/api/error-messages';
import { ApiKeyLimitsModal } from '../components/api-key-limits-modal';
import { ApiKeyTable } from '../components/api-key-table';
import { CreateApiKeyModal } from '../components/create-api-key-modal';
import { RenameApiKeyModal } from '../components/rename-api-key-modal';
import { RevokeApiKeyModal } from '../components/revoke-api-key-modal';

export function ApiKeysPage() {
  const keys = useQuery(apiKeysQueryOptions());
  const owner = useQuery(meQueryOptions()).data?.user.role === 'owner';
  const [limiting, setLimiting] = useState<ApiKeyListItem | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ApiKeyListItem | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyListItem | null>(null);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>API keys</Title>
          <Text c="dimmed">Keys let your tools call the API. A key is shown once, when it is created.</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>Create API key</Button>
      </Group>

      <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Your API keys">
        {keys.isPending && <Skeleton h={120} />}
        {keys.isError && (
          <Alert color="red" role="alert">
            {describeError(keys.error)}
          </Alert>
        )}
        {keys.data &&
          (keys.data.items.length === 0 ? (
            <Text py="md" ta="center" data-testid="no-keys">
              No API keys yet. Create one to call the API.
            </Text>
          ) : (
            <ApiKeyTable keys={keys.data.items} onRename={setRenaming} onRevoke={setRevoking} onLimits={owner ? setLimiting : undefined} />
          ))}
      </Paper>

      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      <RenameApiKeyModal apiKey={renaming} onClose={() => setRenaming(null)} />
      <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
      <ApiKeyLimitsModal apiKey={limiting} onClose={() => setLimiting(null)} />
    </Stack>
  );
}
