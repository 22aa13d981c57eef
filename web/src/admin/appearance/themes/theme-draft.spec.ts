import { describe, expect, it } from 'vitest';
import type { Theme } from '@kosh/contracts';
import { defaultTheme, newThemeBody, resetColours } from './theme-draft.ts';

const theme = (over: Partial<Theme>): Theme => ({
  id: 1,
  name: 'Light',
  is_dark: false,
  default_light: false,
  default_dark: false,
  values: {},
  ...over,
});

describe('theme-draft', () => {
  const themes = [
    theme({ id: 1, name: 'Other light', values: { '--kosh-bg': '#eeeeee' } }),
    theme({ id: 2, default_light: true, values: { '--kosh-bg': '#ffffff', '--kosh-radius': '8px' } }),
    theme({ id: 3, is_dark: true, default_dark: true, values: { '--kosh-bg': '#121418' } }),
  ];

  it('finds the default light and dark themes', () => {
    expect(defaultTheme(themes, false)?.id).toBe(2);
    expect(defaultTheme(themes, true)?.id).toBe(3);
  });

  it('makes a new theme from the default light values', () => {
    expect(newThemeBody(themes, 'New theme')).toEqual({
      name: 'New theme',
      is_dark: false,
      default_light: false,
      default_dark: false,
      values: { '--kosh-bg': '#ffffff', '--kosh-radius': '8px' },
    });
  });

  it('resets colours but keeps rounding and font', () => {
    const values = { '--kosh-bg': '#000000', '--kosh-radius': '0px', '--kosh-font': 'serif' };
    expect(resetColours(values, { '--kosh-bg': '#ffffff', '--kosh-radius': '8px' })).toEqual({
      '--kosh-bg': '#ffffff',
      '--kosh-radius': '0px',
      '--kosh-font': 'serif',
    });
  });
});
