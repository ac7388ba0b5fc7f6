import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The one accent colour of the product: a confident royal blue. */
const brand: MantineColorsTuple = [
  '#ecf0ff',
  '#d7ddfb',
  '#abb8f1',
  '#7d91e8',
  '#5670e0',
  '#3e5bdc',
  '#2c4fdb',
  '#1f40c3',
  '#1738af',
  '#08309b',
];

const fontFamily =
  'Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Modal: {
      defaultProps: { radius: 'lg', centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
    },
    Notification: { defaultProps: { radius: 'md' } },
  },
});
