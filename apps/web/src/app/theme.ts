import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

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

/**
 * Mantine's defaults with their dark end deepened so text passes WCAG AA (4.5:1): red 6 is the form
 * error colour and red 7 the filled red button (white text); shade 9 is the text of light badges and
 * alerts on shade 1; teal 8 the met password rule.
 */
const deeper = (defaults: readonly string[], dark: Record<number, string>) =>
  defaults.map((shade, index) => dark[index] ?? shade) as unknown as MantineColorsTuple;

const accessibleColors = {
  red: deeper(DEFAULT_THEME.colors.red, { 6: '#c92a2a', 7: '#b32424', 8: '#a11f1f', 9: '#8c1a1a' }),
  teal: deeper(DEFAULT_THEME.colors.teal, { 8: '#087f5b', 9: '#066649' }),
  green: deeper(DEFAULT_THEME.colors.green, { 9: '#236b30' }),
  orange: deeper(DEFAULT_THEME.colors.orange, { 9: '#a84300' }),
  yellow: deeper(DEFAULT_THEME.colors.yellow, { 9: '#805300' }),
};

const DIALOG_ATTRIBUTES = { header: { role: 'presentation' } };

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, copper, ...accessibleColors },
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
    // Dialogs: the × gets a name (the burger menu names its own), and the <header> around the title
    // is not a second banner landmark.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: DIALOG_ATTRIBUTES } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: DIALOG_ATTRIBUTES } },
    // Toasts: a named × and, under a title, the app's dimmed grey (Mantine's gray 6 is 3.3:1).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: (_theme: unknown, props: { title?: unknown }) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    },
  },
});

// Mantine's default dimmed grey is below WCAG AA contrast on white; this one passes (5.9:1).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5b6570' },
  dark: {},
});
