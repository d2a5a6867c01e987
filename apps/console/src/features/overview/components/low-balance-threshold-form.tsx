import type { Overview } from '@lead-engine/contracts/console';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { useSetLowBalanceThreshold } from '../api/set-low-balance-threshold.mutation';

const number = new Intl.NumberFormat('en-US');

/** Owners set the balance below which the Overview warns, or remove it. */
export function LowBalanceThresholdForm({ overview }: { overview: Overview }) {
  const threshold = overview.low_balance.threshold;
  const [value, setValue] = useState(threshold === null ? '' : String(threshold));
  const [invalid, setInvalid] = useState(false);
  const save = useSetLowBalanceThreshold();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isInteger(parsed) || parsed < 0 || parsed > 1_000_000_000) return setInvalid(true);
    setInvalid(false);
    save.mutate({ threshold: parsed });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Low-balance threshold">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            label="Warn when the balance is below"
            rightSection={<Text size="sm">credits</Text>}
            rightSectionWidth={64}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={invalid && 'Enter a whole number of credits, 0 or more.'}
            w={{ base: '100%', xs: 260 }}
          />
          <Button type="submit" loading={save.isPending && save.variables?.threshold !== null}>
            Save threshold
          </Button>
          {threshold !== null && (
            <Button
              variant="default"
              loading={save.isPending && save.variables?.threshold === null}
              onClick={() => save.mutate({ threshold: null }, { onSuccess: () => setValue('') })}
            >
              Remove threshold
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed" data-testid="threshold-state">
          {threshold === null
            ? 'No threshold set: the notice shows when the balance would not last a day at the last 7 days’ pace.'
            : `The notice shows below ${number.format(threshold)} credits, and when the balance would not last a day at the last 7 days’ pace.`}
        </Text>
        {save.isError && (
          <Alert color="red" role="alert">
            {describeError(save.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
