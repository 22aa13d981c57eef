import { describe, expect, it } from 'vitest';
import type { Theme } from '@kosh/contracts';
import {
  DEFAULT_DARK_KEPT,
  DEFAULT_DARK_NOT_DARK,
  DEFAULT_LIGHT_KEPT,
  DEFAULT_LIGHT_NOT_LIGHT,
  LAST_DARK_THEME,
  LAST_LIGHT_THEME,
  themeProblems,
} from './themes-admin.service.ts';

const theme = (id: number, patch: Partial<Theme> = {}): Theme => ({
  id,
  name: `Theme ${id}`,
  is_dark: false,
  default_light: false,
  default_dark: false,
  values: {},
  ...patch,
});
const light = theme(1, { default_light: true });
const dark = theme(2, { is_dark: true, default_dark: true });
const all = [light, dark, theme(3), theme(4, { is_dark: true })];
const body = (from: Theme, patch: Partial<Theme> = {}) => {
  const { id: _, ...rest } = { ...from, ...patch };
  return rest;
};

describe('themeProblems', () => {
  it('accepts a plain new theme and an unchanged default', () => {
    expect(themeProblems(body(theme(9)), null, all)).toEqual({});
    expect(themeProblems(body(light), light, all)).toEqual({});
  });

  it('refuses a dark default light theme and a light default dark theme', () => {
    expect(themeProblems(body(theme(9, { is_dark: true, default_light: true })), null, all)).toEqual({
      default_light: [DEFAULT_LIGHT_NOT_LIGHT],
    });
    expect(themeProblems(body(theme(9, { default_dark: true })), null, all)).toEqual({
      default_dark: [DEFAULT_DARK_NOT_DARK],
    });
  });

  it('keeps the flags on the current defaults until another theme takes them', () => {
    expect(themeProblems(body(light, { default_light: false }), light, all)).toEqual({
      default_light: [DEFAULT_LIGHT_KEPT],
    });
    expect(themeProblems(body(dark, { default_dark: false }), dark, all)).toEqual({
      default_dark: [DEFAULT_DARK_KEPT],
    });
  });

  it('keeps the last light and the last dark theme of their darkness', () => {
    const two = [theme(1), theme(2, { is_dark: true })];
    expect(themeProblems(body(two[0] as Theme, { is_dark: true }), two[0] as Theme, two).is_dark).toEqual([
      LAST_LIGHT_THEME,
    ]);
    expect(themeProblems(body(two[1] as Theme, { is_dark: false }), two[1] as Theme, two).is_dark).toEqual([
      LAST_DARK_THEME,
    ]);
    expect(themeProblems(body(theme(3), { is_dark: true }), theme(3), all)).toEqual({});
  });
});
