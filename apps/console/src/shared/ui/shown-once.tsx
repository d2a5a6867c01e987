import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyableField } from './copyable-field';

/** A key or one-time link shown this once: why to copy it now, then the value with its copy button. */
export function ShownOnce({
  warning,
  label,
  value,
  copyLabel,
  testId,
}: {
  warning: ReactNode;
  label: string;
  value: string;
  copyLabel: string;
  testId?: string;
}) {
  return (
    <>
      <Alert color="yellow" variant="light" role="status">
        {warning}
      </Alert>
      <CopyableField label={label} value={value} copyLabel={copyLabel} testId={testId} />
    </>
  );
}
