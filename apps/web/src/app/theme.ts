import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Petrol blue: calm and trustworthy, readable on white at every shade used for text (7+).
const brand: MantineColorsTuple = [
  '#e7f5f8',
  '#cfe7ee',
  '#a0cfdc',
  '#6cb4c9',
  '#439eb9',
  '#2990af',
  '#168aab',
  '#007794',
  '#006a85',
  '#005b74',
];

// Warm copper accent, used sparingly for highlights.
const copper: MantineColorsTuple = [
  '#fff2e8',
  '#fbe3d3',
  '#f4c4a4',
  '#eda372',
  '#e88748',
  '#e4752e',
  '#e36c20',
  '#c95a13',
  '#b34f0d',
  '#9c4204',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, copper },
  // System fonts only: no web-font download, nothing from a CDN.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'md' } },
    // Forms mark the optional fields instead of asterisking the required ones; `required` still
    // sets the native attribute, so assistive technology announces it. Labels stay exactly as shown.
    TextInput: { defaultProps: { size: 'md', withAsterisk: false } },
    PasswordInput: { defaultProps: { size: 'md', withAsterisk: false } },
    NativeSelect: { defaultProps: { size: 'md', withAsterisk: false } },
    InputWrapper: { defaultProps: { withAsterisk: false } },
    Checkbox: { defaultProps: { size: 'sm' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
