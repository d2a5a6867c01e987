import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { OperatorOnlyNotice } from '../../../shared/ui/operator-only-notice';
import { operatorAccountSearchQueryOptions } from '../api/operator-accounts.queries';
import { AccountSearchResults } from '../components/account-search-results';
import { CreateAccountModal } from '../components/create-account-modal';

const route = getRouteApi('/signed-in/operator/accounts');

export function OperatorAccountsPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const [creating, setCreating] = useState(false);
  if (!me.user.operator) return <OperatorOnlyNotice page="Accounts" shows="every account on the server" />;

  return (
    <Stack gap="lg" maw={1200} miw={0}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Accounts</Title>
          <Text c="dimmed">Every account on this server: find one, open it to grant credits, set its plan or start its trial.</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>Create account</Button>
      </Group>
      <AccountSearch />
      <CreateAccountModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function AccountSearch() {
  const { q = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const [typed, setTyped] = useState(q);
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    // Changed from outside (Back, the navigation's link): show what the URL says now.
    setShown(q);
    setTyped(q);
  }
  const commit = useDebouncedCallback((text: string) => {
    const next = text.trim();
    setShown(next);
    void navigate({ search: (previous) => ({ ...previous, q: next || undefined }), replace: true });
  }, 300);
  const results = useInfiniteQuery({ ...operatorAccountSearchQueryOptions(q), placeholderData: keepPreviousData });
  const accounts = results.data?.pages.flatMap((page) => page.items) ?? [];

  if (isApiCallError(results.error, 'FORBIDDEN')) return <OperatorOnlyNotice page="Accounts" shows="every account on the server" />;
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Accounts found" aria-busy={results.isFetching} miw={0}>
      <Stack gap="md">
        <TextInput
          type="search"
          label="Search"
          description="Any part of a name, an account id, a user's email, or the start of an API key (le_live_…)"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            commit(event.currentTarget.value);
          }}
          maw={560}
          data-testid="account-search"
        />
        {results.isPending && <Skeleton h={160} />}
        {results.isError && (
          <Alert color="red" role="alert">
            {describeError(results.error)}
          </Alert>
        )}
        {results.data &&
          (accounts.length === 0 ? (
            <Text py="md" ta="center" data-testid="no-accounts">
              {q ? 'No account matches this search.' : 'No accounts yet.'}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="accounts-shown">
                {accounts.length === 1 ? '1 account' : `${accounts.length} accounts`}
                {results.hasNextPage ? ' shown, newest first; there are more' : ', newest first'}
              </Text>
              <AccountSearchResults accounts={accounts} />
              {results.hasNextPage && (
                <Group justify="center">
                  <Button variant="default" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
                    Load more
                  </Button>
                </Group>
              )}
            </>
          ))}
      </Stack>
    </Paper>
  );
}
