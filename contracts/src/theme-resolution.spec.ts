import { describe, expect, it } from 'vitest';
import type { Theme } from './theme.ts';
import { parseThemeChoice, resolveTheme, themeDeclarations } from './theme-resolution.ts';

const light: Theme = {
  id: 1,
  name: 'Light',
  is_dark: false,
  default_light: true,
  default_dark: false,
  values: { '--kosh-bg': '#fff' },
};
const dark: Theme = {
  id: 2,
  name: 'Dark',
  is_dark: true,
  default_light: false,
  default_dark: true,
  values: { '--kosh-bg': '#121418' },
};
const dim: Theme = { id: 3, name: 'Dim', is_dark: true, default_light: false, default_dark: false, values: {} };
const themes = [light, dark, dim];
const base = { themes, choice: undefined, defaultMode: undefined, defaultId: null, prefersDark: false } as const;

describe('parseThemeChoice', () => {
  it('reads ids and mode words', () => {
    expect(parseThemeChoice('2')).toBe(2);
    expect(parseThemeChoice('system')).toBe('system');
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('purple')).toBeUndefined();
    expect(parseThemeChoice(undefined)).toBeUndefined();
  });
});

describe('resolveTheme', () => {
  it('applies a stored theme id', () => {
    expect(resolveTheme({ ...base, choice: 3 })).toBe(dim);
  });

  it('resolves light and dark to the default theme of that mode', () => {
    expect(resolveTheme({ ...base, choice: 'dark' })).toBe(dark);
    expect(resolveTheme({ ...base, choice: 'light' })).toBe(light);
  });

  it('follows the device preference for system', () => {
    expect(resolveTheme({ ...base, choice: 'system', prefersDark: true })).toBe(dark);
    expect(resolveTheme({ ...base, choice: 'system', prefersDark: false })).toBe(light);
  });

  it('uses the default id, then the default mode, when nothing is stored', () => {
    expect(resolveTheme({ ...base, defaultId: 2 })).toBe(dark);
    expect(resolveTheme({ ...base, defaultMode: 'dark' })).toBe(dark);
    expect(resolveTheme({ ...base, defaultMode: 'system', prefersDark: true })).toBe(dark);
  });

  it('falls back to the first theme when none matches', () => {
    expect(resolveTheme({ ...base, choice: 99 })).toBe(light);
    expect(resolveTheme({ ...base, themes: [dim], choice: 'light' })).toBe(dim);
    expect(resolveTheme({ ...base, themes: [] })).toBeUndefined();
  });
});

describe('themeDeclarations', () => {
  it('lets only CSS custom properties through', () => {
    expect(themeDeclarations({ '--kosh-bg': '#fff', color: 'red', '--x;}': '1' })).toEqual([['--kosh-bg', '#fff']]);
  });
});
