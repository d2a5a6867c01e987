import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NoSuchAccount() {
  return (
    <Stack gap="sm" data-testid="no-such-account">
      <Title order={1}>No such account</Title>
      <Text>There is no account with this id: the link may be mistyped, or cut short.</Text>
      <Text>
        <Anchor component={Link} to="/operator/accounts">
          Find an account
        </Anchor>
      </Text>
    </Stack>
  );
}
