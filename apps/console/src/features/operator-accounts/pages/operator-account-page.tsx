import type { OperatorAccount, OperatorAccountKey, OperatorAccountUser } from '@lead-engine/contracts/console';
import { Alert, Anchor, Button, Code, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { formatDateTime } from '../../../shared/lib/format-date';
import { formatCredits } from '../../../shared/lib/plan-format';
import { OperatorOnlyNotice } from '../../../shared/ui/operator-only-notice';
import { operatorAccountQueryOptions } from '../api/operator-accounts.queries';
import { AccountFacts } from '../components/account-facts';
import { AccountKeysTable } from '../components/account-keys-table';
import { AccountMoment } from '../components/account-moment';
import { AccountPlanAndTrial } from '../components/account-plan-and-trial';
import { PageSection } from '../../../shared/ui/page-section';
import { AccountUsersTable } from '../components/account-users-table';
import { CreateAccountKeyModal } from '../components/create-account-key-modal';
import { GrantCreditsModal } from '../components/grant-credits-modal';
import { InviteAccountUserModal } from '../components/invite-account-user-modal';
import { NoSuchAccount } from '../components/no-such-account';
import { OperatorActionsTable } from '../components/operator-actions-table';
import { ResetPasswordLinkModal } from '../components/reset-password-link-modal';
import { RevokeAccountKeyModal } from '../components/revoke-account-key-modal';
import { SetPlanModal } from '../components/set-plan-modal';
import { StartAccountTrialModal } from '../components/start-account-trial-modal';

const route = getRouteApi('/signed-in/operator/accounts/$accountId');

export function OperatorAccountPage() {
  const { accountId } = route.useParams();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const account = useQuery({ ...operatorAccountQueryOptions(accountId), enabled: me.user.operator });

  if (!me.user.operator || isApiCallError(account.error, 'FORBIDDEN'))
    return <OperatorOnlyNotice page="Account" shows="every account on the server" />;
  if (isApiCallError(account.error, 'NOT_FOUND')) return <NoSuchAccount />;
  if (account.isPending) return <Skeleton h={480} maw={1200} />;
  if (!account.data)
    return (
      <Alert color="red" role="alert" maw={760}>
        {describeError(account.error)}
      </Alert>
    );
  return <AccountView account={account.data} refreshError={account.error} />;
}

type Acting = 'grant' | 'plan' | 'trial' | 'key' | 'invite' | null;

function AccountView({ account, refreshError }: { account: OperatorAccount; refreshError: unknown }) {
  const [acting, setActing] = useState<Acting>(null);
  const [revoking, setRevoking] = useState<OperatorAccountKey | null>(null);
  const [resetting, setResetting] = useState<OperatorAccountUser | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = () => setActing(null);
  const trialUsed = account.trial.state !== 'available';

  return (
    <Stack gap="lg" maw={1200} miw={0}>
      <Stack gap={4} miw={0}>
        <Anchor component={Link} to="/operator/accounts" size="sm">
          Accounts
        </Anchor>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {account.name}
        </Title>
        <Text c="dimmed" size="sm">
          Created <time dateTime={account.created_at}>{formatDateTime(account.created_at)}</time> · id <Code>{account.id}</Code>
        </Text>
      </Stack>

      {done && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDone(null)}
          data-testid="account-done"
        >
          {done}
        </Alert>
      )}
      {/* A failed refresh keeps the last figures on screen, under this. */}
      {refreshError != null && (
        <Alert color="red" role="alert">
          {describeError(refreshError)}
        </Alert>
      )}

      <Group gap="sm" wrap="wrap" align="flex-start">
        <Button onClick={() => setActing('grant')}>Grant credits</Button>
        <Button variant="default" onClick={() => setActing('plan')}>
          Set plan
        </Button>
        <Button
          variant="default"
          disabled={trialUsed}
          onClick={() => setActing('trial')}
          aria-describedby={trialUsed ? 'trial-used' : undefined}
        >
          Start trial
        </Button>
        {trialUsed && (
          <Text id="trial-used" size="sm" c="gray.7" maw={360} data-testid="trial-used" style={{ alignSelf: 'center' }}>
            The trial was already started: an account has it only once.
          </Text>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PageSection title="Credits" testId="account-credits">
          <AccountFacts
            facts={[
              { name: 'Balance', value: formatCredits(account.balance.balance), testId: 'account-balance' },
              { name: 'Earned', value: formatCredits(account.balance.total_earned), testId: 'account-earned' },
              { name: 'Spent', value: formatCredits(account.balance.total_spent), testId: 'account-spent' },
            ]}
          />
          <Text size="sm">
            Last activity: <AccountMoment iso={account.last_activity_at} never="none yet" />
          </Text>
        </PageSection>
        <PageSection title="Plan and trial" testId="account-plan-and-trial">
          <AccountPlanAndTrial account={account} />
        </PageSection>
      </SimpleGrid>

      <PageSection title="Operator actions" testId="operator-actions">
        <OperatorActionsTable actions={account.actions} />
      </PageSection>
      <PageSection title="Users" testId="account-users">
        <Group>
          <Button variant="default" onClick={() => setActing('invite')}>
            Invite user
          </Button>
        </Group>
        <AccountUsersTable users={account.users} onResetPassword={setResetting} />
      </PageSection>
      <PageSection title="API keys" testId="account-keys">
        <Group>
          <Button variant="default" onClick={() => setActing('key')}>
            Create API key
          </Button>
        </Group>
        <AccountKeysTable keys={account.keys} onRevoke={setRevoking} />
      </PageSection>

      <GrantCreditsModal account={account} opened={acting === 'grant'} onClose={close} onGranted={setDone} />
      <SetPlanModal account={account} opened={acting === 'plan'} onClose={close} onSet={setDone} />
      <StartAccountTrialModal account={account} opened={acting === 'trial'} onClose={close} onStarted={setDone} />
      <CreateAccountKeyModal account={account} opened={acting === 'key'} onClose={close} />
      <RevokeAccountKeyModal accountId={account.id} apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={setDone} />
      <InviteAccountUserModal account={account} opened={acting === 'invite'} onClose={close} />
      <ResetPasswordLinkModal accountId={account.id} user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
