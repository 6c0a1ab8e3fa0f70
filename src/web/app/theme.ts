import { createTheme } from '@mantine/core';

/** The brand: a deep navy for structure and a mint accent for actions. */
export const theme = createTheme({
  primaryColor: 'mint',
  primaryShade: 7,
  colors: {
    mint: [
      '#e6fff6',
      '#d2fbeb',
      '#a6f5d6',
      '#76efbf',
      '#4fe9ac',
      '#37e5a0',
      '#27e399',
      '#14c983',
      '#00b373',
      '#009b61',
    ],
    navy: [
      '#eef1f8',
      '#dbe0ec',
      '#b4bed9',
      '#8a9ac6',
      '#687bb6',
      '#5268ad',
      '#465eaa',
      '#384e95',
      '#304586',
      '#1f2a44',
    ],
  },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Noto Sans Arabic", "Noto Sans", "DejaVu Sans", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});
