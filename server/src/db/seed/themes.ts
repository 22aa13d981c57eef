// The two built-in themes, with the token values of UI.md "Theme tokens".

const FONT = "'Inter Variable', Inter, system-ui, sans-serif";

export const DEFAULT_THEMES = [
  {
    name: 'Light',
    is_dark: false,
    default_light: true,
    default_dark: false,
    values: {
      '--kosh-bg': '#ffffff',
      '--kosh-bg-alt': '#f6f8fb',
      '--kosh-bg-chip': '#e8f0fe',
      '--kosh-fg': '#1f2328',
      '--kosh-fg-muted': '#5f6670',
      '--kosh-divider': '#e3e6ea',
      '--kosh-primary': '#1a73e8',
      '--kosh-on-primary': '#ffffff',
      '--kosh-positive': '#188038',
      '--kosh-danger': '#d93025',
      '--kosh-radius': '8px',
      '--kosh-radius-lg': '16px',
      '--kosh-font': FONT,
    },
  },
  {
    name: 'Dark',
    is_dark: true,
    default_light: false,
    default_dark: true,
    values: {
      '--kosh-bg': '#121418',
      '--kosh-bg-alt': '#1b1e24',
      '--kosh-bg-chip': '#25324a',
      '--kosh-fg': '#e6e8eb',
      '--kosh-fg-muted': '#9aa3ad',
      '--kosh-divider': '#2b2f36',
      '--kosh-primary': '#8ab4f8',
      '--kosh-on-primary': '#0b1b33',
      '--kosh-positive': '#81c995',
      '--kosh-danger': '#f28b82',
      '--kosh-radius': '8px',
      '--kosh-radius-lg': '16px',
      '--kosh-font': FONT,
    },
  },
] satisfies Array<{
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  values: Record<string, string>;
}>;
