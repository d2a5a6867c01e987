import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { CenteredCard } from '../../../shared/ui/centered-card';
import { inviteQueryOptions } from '../api/invites.queries';
import { AcceptInviteForm } from '../components/accept-invite-form';

const route = getRouteApi('/invite/$token');

export function InvitePage() {
  const { token } = route.useParams();
  const navigate = useNavigate();
  const invite = useQuery(inviteQueryOptions(token));

  if (invite.isPending) {
    return (
      <CenteredCard title="Opening your invitation">
        <Loader aria-label="Loading" />
      </CenteredCard>
    );
  }
  if (invite.isError) {
    const invalid = isApiCallError(invite.error, 'INVITE_INVALID');
    return (
      <CenteredCard title={invalid ? 'This link cannot be used' : 'This link could not be opened'}>
        <Stack>
          <Alert color="red" role="alert">
            {invalid ? 'This link was already used, has expired or is unknown.' : describeError(invite.error)}
          </Alert>
          {invalid && (
            <Text>
              Ask your account's owner (or the server's operator) for a new link. Links work once and for 7 days. If you already set your
              password with it, sign in instead.
            </Text>
          )}
        </Stack>
      </CenteredCard>
    );
  }

  const { data } = invite;
  const joining = data.purpose === 'invite';
  return (
    <CenteredCard
      title={joining ? 'Welcome to Lead Engine' : 'Set a new password'}
      subtitle={
        joining
          ? data.account_name
            ? `You are invited to the account ${data.account_name}. Choose your name and a password.`
            : 'You are invited to run this server. Choose your name and a password.'
          : `Choose a new password for ${data.email}.`
      }
    >
      <AcceptInviteForm token={token} invite={data} onAccepted={() => void navigate({ to: '/', replace: true })} />
    </CenteredCard>
  );
}
