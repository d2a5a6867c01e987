import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/** Mantine draws a subtle button's text at shade 6 at most, under 4.5:1 on white; a darker shade asked for is kept. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'subtle') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor && parsed.shade !== undefined && parsed.shade > 6
    ? { ...resolved, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` }
    : resolved;
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Darker than Mantine's default shade, so that text on filled buttons keeps a 4.5:1 contrast.
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  variantColorResolver,
  components: {
    // Mantine keeps every closed dropdown's options rendered (hidden): the Leads filters' six lists made the
    // page's first render several hundred milliseconds longer. They render when opened.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Mantine's dimmed text (gray 6) is under 4.5:1 on white; gray 7 is above it. So is its error red (red 6,
 * the words under a refused field and the field's own text): red 9 is above it.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7], '--mantine-color-error': resolved.colors.red[9] },
  dark: {},
});
