import { Button, CopyButton, Group, TextInput } from '@mantine/core';

/** A secret or link shown to copy: the value read-only in full, and a button that copies it. */
export function CopyableField({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId?: string }) {
  return (
    <Group align="flex-end" wrap="nowrap" gap="xs">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} ff="monospace" data-testid={testId} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button color={copied ? 'teal.9' : undefined} onClick={copy} style={{ flexShrink: 0 }}>
            {copied ? 'Copied' : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
