import type { ApiKeyListItem } from '@lead-engine/contracts/console';
import { Checkbox, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { useSetApiKeyLimits } from '../api/set-api-key-limits.mutation';

type CreditField = 'total' | 'day' | 'per_call';

const CREDIT_FIELDS: Array<{ field: CreditField; label: string; description: string }> = [
  { field: 'total', label: 'Total budget', description: 'Credits the key may charge in all' },
  { field: 'day', label: 'Budget per day', description: 'Credits it may charge per UTC day' },
  { field: 'per_call', label: 'Most per call', description: 'The most one call may charge' },
];

/** "2026-12-31T23:59" in the browser's time zone, as a datetime-local field holds it. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A whole number of credits, 0 or more, or empty for no limit; undefined when it is neither. */
function creditsOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * An owner sets a key's budgets, read-only flag and expiry in one form, by the CLI's rules: whole credits
 * (0 or more; empty for no limit) and an expiry in the future (empty for never).
 */
export function ApiKeyLimitsModal({ apiKey, onClose }: { apiKey: ApiKeyListItem | null; onClose: () => void }) {
  const setLimits = useSetApiKeyLimits();
  const close = () => {
    setLimits.reset();
    onClose();
  };
  return (
    <Modal
      opened={apiKey !== null}
      onClose={close}
      title={apiKey ? `Limits of ${apiKey.name}` : 'Limits'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {apiKey && <LimitsForm key={apiKey.id} apiKey={apiKey} mutation={setLimits} onDone={close} />}
    </Modal>
  );
}

function LimitsForm({
  apiKey,
  mutation,
  onDone,
}: {
  apiKey: ApiKeyListItem;
  mutation: ReturnType<typeof useSetApiKeyLimits>;
  onDone: () => void;
}) {
  const budget = apiKey.budget;
  const [credits, setCredits] = useState<Record<CreditField, string>>({
    total: budget?.total?.toString() ?? '',
    day: budget?.day?.toString() ?? '',
    per_call: budget?.per_call?.toString() ?? '',
  });
  const [readOnly, setReadOnly] = useState(budget?.read_only ?? false);
  const [expires, setExpires] = useState(localInputValue(budget?.expires_at ?? null));
  const [checked, setChecked] = useState(false);
  // Asked when the form is sent: whether a time is past depends on when.
  const [expiryProblem, setExpiryProblem] = useState<string | null>(null);

  const parsed = { total: creditsOf(credits.total), day: creditsOf(credits.day), per_call: creditsOf(credits.per_call) };
  const expiresAt = expires === '' ? null : new Date(expires);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const problem =
      expiresAt === null
        ? null
        : Number.isNaN(expiresAt.getTime())
          ? 'Enter a date and time.'
          : expiresAt.getTime() <= Date.now()
            ? 'Choose a time in the future.'
            : null;
    setExpiryProblem(problem);
    if (problem !== null || !Object.values(parsed).every((value) => value !== undefined)) return;
    mutation.mutate(
      {
        id: apiKey.id,
        total: parsed.total!,
        day: parsed.day!,
        per_call: parsed.per_call!,
        read_only: readOnly,
        expires_at: expiresAt ? expiresAt.toISOString() : null,
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          A call that would pass a budget is refused with 402 BUDGET_EXCEEDED and charges nothing. Leave a field empty for no limit.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {CREDIT_FIELDS.map(({ field, label, description }) => (
            <TextInput
              key={field}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              label={`${label} (credits)`}
              description={description}
              placeholder="No limit"
              value={credits[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setCredits((previous) => ({ ...previous, [field]: value }));
              }}
              error={checked && parsed[field] === undefined ? 'Enter a whole number, 0 or more, or leave it empty.' : undefined}
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label="Read-only"
          description="Free endpoints only: every paid one is refused, whatever it would cost"
          checked={readOnly}
          onChange={(event) => setReadOnly(event.currentTarget.checked)}
        />
        <TextInput
          type="datetime-local"
          label="Expires"
          description="Your time zone. From then on the key answers 401. Leave it empty for never."
          value={expires}
          onChange={(event) => {
            setExpires(event.currentTarget.value);
            setExpiryProblem(null);
          }}
          error={checked && expiryProblem ? expiryProblem : undefined}
          maw={320}
        />
        <ConfirmActions confirmLabel="Save limits" pending={mutation.isPending} error={mutation.error} onCancel={onDone} />
      </Stack>
    </form>
  );
}
