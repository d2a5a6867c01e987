import { CONTACT_GENERATION_MAX, type ContactImportDetail } from '@lead-engine/contracts/console';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { useGenerateContacts } from '../api/generate-contacts.mutation';
import { number } from '../contact-import-words';

const SEED_MAX = 2 ** 31 - 1;

/** Realistic synthetic contacts, for a demo or a load test; the same seed writes the same contacts again. */
export function GenerateContactsForm({ onStarted }: { onStarted: (started: ContactImportDetail) => void }) {
  const [count, setCount] = useState<number | string>(1000);
  const [seed, setSeed] = useState<number | string>('');
  const generating = useGenerateContacts();
  const countError =
    typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= CONTACT_GENERATION_MAX
      ? null
      : `A whole number from 1 to ${number.format(CONTACT_GENERATION_MAX)}.`;
  const seedError =
    seed === '' || (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= SEED_MAX)
      ? null
      : 'A whole number from 0 up, or none.';
  const [asked, setAsked] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(true);
    if (countError || seedError) return;
    generating.mutate({ count: Number(count), seed: seed === '' ? undefined : Number(seed) }, { onSuccess: onStarted });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Realistic made-up people and companies, written like an import. The same seed writes the same contacts again: they are updated,
          not added twice.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label="Contacts to generate"
            description={`1 to ${number.format(CONTACT_GENERATION_MAX)}`}
            value={count}
            onChange={setCount}
            min={1}
            max={CONTACT_GENERATION_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            error={asked ? countError : null}
            required
          />
          <NumberInput
            label="Seed (optional)"
            description="Left empty, a new one is drawn"
            value={seed}
            onChange={setSeed}
            min={0}
            max={SEED_MAX}
            allowDecimal={false}
            allowNegative={false}
            error={asked ? seedError : null}
          />
        </SimpleGrid>
        {generating.isError && (
          <Alert color="red" role="alert">
            {describeError(generating.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={generating.isPending}>
            Generate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
