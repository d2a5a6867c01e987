import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { NameForm } from '../components/name-form';
import { PasswordForm } from '../components/password-form';
import { SessionList } from '../components/session-list';

export function SettingsPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Settings</Title>
      <Section title="Profile" description={`Signed in as ${me.user.email}.`}>
        <NameForm name={me.user.name} />
      </Section>
      <Section title="Password">
        <PasswordForm />
      </Section>
      <Section title="Sessions" description="Where you are signed in. End a session you do not recognise.">
        <SessionList />
      </Section>
    </Stack>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Paper component="section" withBorder p="lg" aria-label={title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
