import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSignOut } from '../features/session/api/sign-out.mutation';
import { meQueryOptions } from '../shared/api/me.queries';

const credits = new Intl.NumberFormat('en-US');

/** The frame of every signed-in page: the account and its balance, the pages, sign-out. */
export function AppFrame() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const signOut = useSignOut();
  useEffect(close, [pathname, close]);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Text fw={700} c="indigo.8" visibleFrom="xs">
              Lead Engine
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0} data-testid="account-summary">
            <Text fw={600} truncate="end" miw={0} title={me.account?.name}>
              <VisuallyHidden>Account: </VisuallyHidden>
              {me.account?.name ?? 'No account'}
            </Text>
            {me.account && (
              <Badge size="lg" variant="light" color="indigo" style={{ flexShrink: 0 }} data-testid="balance">
                {credits.format(me.account.balance)} credits
              </Badge>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Pages">
        <AppShell.Section grow component="nav">
          <NavLink component={Link} to="/" label="Overview" active={pathname === '/'} variant="filled" color="indigo.9" />
          <NavLink component={Link} to="/keys" label="API keys" active={pathname === '/keys'} variant="filled" color="indigo.9" />
          <NavLink component={Link} to="/usage" label="Usage" active={pathname === '/usage'} variant="filled" color="indigo.9" />
          <NavLink
            component={Link}
            to="/leads"
            label="Leads"
            active={pathname === '/leads' || pathname.startsWith('/leads/')}
            variant="filled"
            color="indigo.9"
          />
          <NavLink
            component={Link}
            to="/jobs"
            label="Jobs"
            active={pathname === '/jobs' || pathname.startsWith('/jobs/')}
            variant="filled"
            color="indigo.9"
          />
          <NavLink component={Link} to="/plan" label="Plan" active={pathname === '/plan'} variant="filled" color="indigo.9" />
          {me.user.role === 'owner' && (
            <NavLink component={Link} to="/team" label="Team" active={pathname === '/team'} variant="filled" color="indigo.9" />
          )}
          <NavLink component={Link} to="/settings" label="Settings" active={pathname === '/settings'} variant="filled" color="indigo.9" />
          <NavLink href="/docs" label="API documentation" />
          {me.user.operator && (
            <Stack gap={0} mt="sm" role="group" aria-labelledby="operator-pages" data-testid="operator-navigation">
              <Text id="operator-pages" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                Operator
              </Text>
              <NavLink
                component={Link}
                to="/operator/accounts"
                label="Accounts"
                active={pathname === '/operator/accounts' || pathname.startsWith('/operator/accounts/')}
                variant="filled"
                color="indigo.9"
              />
              <NavLink
                component={Link}
                to="/operator/contacts"
                label="Contacts"
                active={pathname === '/operator/contacts'}
                variant="filled"
                color="indigo.9"
              />
              <NavLink
                component={Link}
                to="/operator/system"
                label="System"
                active={pathname === '/operator/system'}
                variant="filled"
                color="indigo.9"
              />
              <NavLink
                component={Link}
                to="/operator/queues"
                label="Queues"
                active={pathname === '/operator/queues'}
                variant="filled"
                color="indigo.9"
              />
            </Stack>
          )}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap={4} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={600} truncate="end" title={me.user.name} data-testid="user-name">
              {me.user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" title={me.user.email}>
              {me.user.email}
              {me.user.role ? ` · ${me.user.role}` : ''}
              {me.user.operator ? ' · operator' : ''}
            </Text>
            <Button variant="default" size="xs" mt={4} loading={signOut.isPending} onClick={() => signOut.mutate()}>
              Sign out
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
