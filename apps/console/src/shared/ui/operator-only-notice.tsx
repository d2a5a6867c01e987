import { Alert, Stack, Title } from '@mantine/core';

/** What an operator page shows anyone else: the engine refuses them its data with 403 anyway. */
export function OperatorOnlyNotice({ page }: { page: string }) {
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{page}</Title>
      <Alert color="gray" variant="light" title="Only the server's operator can see this page" role="alert" data-testid="operator-only">
        It shows the server itself, not an account, to whoever runs the server. Ask them if you need something from it.
      </Alert>
    </Stack>
  );
}
