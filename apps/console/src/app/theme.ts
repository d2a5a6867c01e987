import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Darker than Mantine's default shade, so that text on filled buttons keeps a 4.5:1 contrast.
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
