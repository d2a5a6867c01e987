import { Button, Group, type ButtonProps } from '@mantine/core';

/** Where a CSV comes from: a link the browser downloads (the engine adds the mark when asked), or text saved here. */
export type CsvSource =
  | { href: (flavour: { excel: boolean }) => string; filename?: string }
  | { save: (flavour: { excel: boolean }) => void };

const EXCEL_HINT = 'The same file marked as UTF-8, so that Excel on Windows shows accents and non-Latin letters right';

/** A CSV download and, beside it, the same file for Excel (not while there is nothing to download). */
export function CsvDownloadButtons({
  source,
  label,
  testId,
  variant,
  disabled = false,
}: {
  source: CsvSource;
  label: string;
  testId: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}) {
  const target = (excel: boolean) =>
    'href' in source
      ? ({ component: 'a', href: source.href({ excel }), download: source.filename ?? true } as const)
      : ({ onClick: () => source.save({ excel }) } as const);
  return (
    <Group gap={4} wrap="nowrap">
      <Button {...target(false)} variant={variant} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
      {!disabled && (
        <Button
          {...target(true)}
          variant="subtle"
          color="indigo.9"
          px="xs"
          aria-label="CSV for Excel"
          title={EXCEL_HINT}
          data-testid={`${testId}-excel`}
        >
          for Excel
        </Button>
      )}
    </Group>
  );
}
