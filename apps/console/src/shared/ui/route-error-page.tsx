import { Button, Stack, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { describeError } from '../api/error-messages';
import { CenteredCard } from './centered-card';

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  return (
    <CenteredCard title="This page could not be loaded">
      <Stack>
        <Text role="alert">{describeError(error)}</Text>
        <Button onClick={reset}>Try again</Button>
      </Stack>
    </CenteredCard>
  );
}
