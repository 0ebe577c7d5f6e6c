import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm golf green, from the lightest tint to the deepest shade. */
const fairway: MantineColorsTuple = [
  '#e9f7ef',
  '#d3eddd',
  '#a6dbbb',
  '#76c897',
  '#4fb879',
  '#37ad66',
  '#28a75c',
  '#1f7a4d',
  '#176640',
  '#0c5233',
];

const sand: MantineColorsTuple = [
  '#fff9e6',
  '#fdf0cc',
  '#fae09a',
  '#f7cf63',
  '#f5c542',
  '#f3ba26',
  '#f2b414',
  '#d79e03',
  '#8f6a00',
  '#6b4f00',
];

export const theme = createTheme({
  primaryColor: 'fairway',
  primaryShade: { light: 7, dark: 5 },
  colors: { fairway, sand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // A number stays as typed: min and max bound the stepper only, so a negative or out-of-range
    // value stays on screen for the form's check to name (Mantine would otherwise clamp it on blur,
    // and rewrite text such as '-1.50' to the minimum while trimming its leading zeros).
    NumberInput: { defaultProps: { clampBehavior: 'none', trimLeadingZeroesOnBlur: false } },
    // A light alert's tinted title (yellow, green, red on their pale backgrounds) falls below WCAG AA;
    // the icon and the background carry the tone, the title reads in the body's dark.
    Alert: { styles: { title: { color: 'var(--mantine-color-dark-7)' } } },
    // Mantine's close button has no name of its own; a screen reader would announce "button".
    // Its description under a title is grey-6 (below AA on white); grey-7 reads at 8:1.
    // Mantine draws a modal's or drawer's header as <header>, a banner landmark outside a sectioning
    // element: every open dialog would repeat the app header's banner. Presentation keeps its title
    // and close button and drops the landmark.
    Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});
