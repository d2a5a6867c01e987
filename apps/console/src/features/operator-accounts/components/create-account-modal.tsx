import { type CreatedOperatorAccount } from '@lead-engine/contracts/console';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { ShownOnce } from '../../../shared/ui/shown-once';
import { Link } from '@tanstack/react-router';
import { formatCredits } from '../../../shared/lib/plan-format';
import { NameForm } from '../../../shared/ui/name-form';
import { usePhone } from '../../../shared/ui/use-phone';
import { useCreateOperatorAccount } from '../api/create-operator-account.mutation';
import { ShownOnceModal } from '../../../shared/ui/shown-once-modal';

/**
 * Create an account: its name, then its first API key, shown this once, and the way to its page. Closing
 * forgets the key (the mutation is reset).
 */
export function CreateAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateOperatorAccount();
  const phone = usePhone();
  const close = () => {
    create.reset();
    onClose();
  };

  return (
    <ShownOnceModal
      opened={opened}
      onClose={close}
      title={create.data ? 'The new account and its API key' : 'Create an account'}
      showing={Boolean(create.data)}
      fullScreen={phone}
    >
      {create.data ? (
        <CreatedAccount created={create.data} onDone={close} />
      ) : (
        <NameForm
          description="The company or team the account is for"
          confirmLabel="Create account"
          pending={create.isPending}
          error={create.error}
          onSubmit={(request) => create.mutate(request)}
          onCancel={close}
        />
      )}
    </ShownOnceModal>
  );
}

function CreatedAccount({ created, onDone }: { created: CreatedOperatorAccount; onDone: () => void }) {
  const { account } = created;
  return (
    <Stack data-testid="created-account">
      <ShownOnce
        warning={
          <>
            <strong>Copy the key now.</strong> The account <strong>{account.name}</strong> was created with{' '}
            {formatCredits(account.balance.balance)} and this API key, which is shown only now: it will not be shown again.
          </>
        }
        label="API key"
        value={created.api_key}
        copyLabel="Copy key"
        testId="new-account-key"
      />
      <Group justify="space-between" wrap="wrap">
        <Anchor
          renderRoot={(props) => <Link {...props} to="/operator/accounts/$accountId" params={{ accountId: account.id }} />}
          data-testid="new-account-link"
        >
          Open {account.name}
        </Anchor>
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
