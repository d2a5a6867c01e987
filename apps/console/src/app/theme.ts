import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Darker than Mantine's default shade, so that text on filled buttons keeps a 4.5:1 contrast.
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
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
