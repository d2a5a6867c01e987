import { Alert, Stack, Title } from '@mantine/core';

/** What an operator page shows anyone else: the engine refuses them its data with 403 anyway. */
export function OperatorOnlyNotice({ page, shows = 'the server itself, not an account,' }: { page: string; shows?: string }) {
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{page}</Title>
      <Alert color="gray" variant="light" title="Only the server's operator can see this page" role="alert" data-testid="operator-only">
        It shows {shows} to whoever runs the server. Ask them if you need something from it.
      </Alert>
    </Stack>
  );
}
