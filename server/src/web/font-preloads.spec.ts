import { THEME_FONTS, type Theme } from '@kosh/contracts';
import { describe, expect, it } from 'vitest';
import { candidateThemes, fontFiles, fontPreloads } from './font-preloads.ts';
import type { Manifest } from './route-preloads.ts';

const family = (id: string) => THEME_FONTS.find((f) => f.id === id)?.family ?? '';
const theme = (id: number, font: string, flags: Partial<Theme> = {}): Theme => ({
  id,
  name: `Theme ${id}`,
  is_dark: false,
  default_light: false,
  default_dark: false,
  values: { '--kosh-font': family(font) },
  ...flags,
});
const light = theme(1, 'inter', { default_light: true });
const dark = theme(2, 'lora', { is_dark: true, default_dark: true });
const other = theme(3, 'figtree');
const all = [light, dark, other];

const fontsDir = '../node_modules/@fontsource-variable';
const manifest = fontFiles({
  'index.html': { file: 'assets/index.js', isEntry: true },
  [`${fontsDir}/inter/files/inter-latin-wght-normal.woff2`]: { file: 'assets/inter-latin-1.woff2' },
  [`${fontsDir}/inter/files/inter-latin-ext-wght-normal.woff2`]: { file: 'assets/inter-latin-ext-1.woff2' },
  [`${fontsDir}/lora/files/lora-latin-wght-normal.woff2`]: { file: 'assets/lora-latin-1.woff2' },
  [`${fontsDir}/figtree/files/figtree-latin-wght-normal.woff2`]: { file: 'assets/figtree-latin-1.woff2' },
  [`${fontsDir}/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2`]: {
    file: 'assets/devanagari-1.woff2',
  },
} satisfies Manifest);
const site = { themes: all, defaultMode: 'system', defaultId: null } as const;

describe('candidateThemes', () => {
  it('is the chosen theme when the cookie names one', () => {
    expect(candidateThemes(site, '3')).toEqual([other]);
  });

  it('is the default of a chosen mode, and both defaults when the device decides', () => {
    expect(candidateThemes(site, 'light')).toEqual([light]);
    expect(candidateThemes(site, 'dark')).toEqual([dark]);
    expect(candidateThemes(site, 'system')).toEqual([light, dark]);
    expect(candidateThemes(site, undefined)).toEqual([light, dark]);
    expect(candidateThemes(site, '99')).toEqual([light]);
  });

  it("is the site's default theme, or its default mode's, as the app resolves them", () => {
    expect(candidateThemes({ ...site, defaultId: 3 })).toEqual([other]);
    expect(candidateThemes({ ...site, defaultMode: 'dark' })).toEqual([dark]);
    expect(candidateThemes({ ...site, themes: [other] })).toEqual([other]);
  });
});

describe('fontPreloads', () => {
  it("is each theme's Latin file, once", () => {
    expect(fontPreloads(manifest, [light, dark, light], 'en')).toEqual([
      'assets/inter-latin-1.woff2',
      'assets/lora-latin-1.woff2',
    ]);
  });

  it('adds Devanagari to Inter for Hindi, and never latin-ext', () => {
    expect(fontPreloads(manifest, [light], 'hi')).toEqual(['assets/inter-latin-1.woff2', 'assets/devanagari-1.woff2']);
    expect(fontPreloads(manifest, [dark], 'hi')).toEqual(['assets/lora-latin-1.woff2']);
  });

  it('is nothing for system fonts, unknown values, or a build without the files', () => {
    expect(fontPreloads(manifest, [theme(4, 'system'), theme(5, 'serif')], 'en')).toEqual([]);
    expect(fontPreloads(manifest, [{ ...light, values: { '--kosh-font': 'Comic Sans MS' } }], 'en')).toEqual([]);
    expect(fontPreloads(new Map(), [light], 'en')).toEqual([]);
  });
});
