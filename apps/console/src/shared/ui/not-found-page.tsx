import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CenteredCard } from './centered-card';

export function NotFoundPage() {
  return (
    <CenteredCard title="Page not found">
      <Text>
        There is no such page in the app.{' '}
        <Anchor component={Link} to="/">
          Go to the start page
        </Anchor>
        .
      </Text>
    </CenteredCard>
  );
}
