import { Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isEnginePage, safeReturnPath } from '../../../shared/lib/return-path';
import { CenteredCard } from '../../../shared/ui/centered-card';
import { SignInForm } from '../components/sign-in-form';

const route = getRouteApi('/sign-in');

export function SignInPage() {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const returnAfterSignIn = () => {
    const path = safeReturnPath(redirect);
    if (isEnginePage(path)) window.location.replace(path);
    else void navigate({ href: path, replace: true });
  };
  return (
    <CenteredCard title="Sign in" subtitle={redirect ? 'Sign in to open that page.' : undefined}>
      <SignInForm onSignedIn={returnAfterSignIn} />
      <Text size="sm" c="dimmed" mt="md">
        No account yet, or forgot your password? Ask your account's owner or the server's operator for a link.
      </Text>
    </CenteredCard>
  );
}
