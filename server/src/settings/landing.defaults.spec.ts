import { describe, expect, it } from 'vitest';
import { LandingSettingsSchema } from '@kosh/contracts';
import { EN_LINES } from '../db/seed/lines-en.ts';
import { LANDING_DEFAULTS } from './landing.defaults.ts';
import { checkSetting } from './setting-rules.ts';

/** The refusal of a landing value, or undefined when it fits. */
const settingTypeError = (key: string, value: unknown) => {
  const checked = checkSetting(key, value);
  return 'error' in checked ? checked.error : undefined;
};

const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(texts)
      : typeof value === 'object' && value
        ? Object.entries(value).flatMap(([key, v]) => (/^(image|icon|url|action|overlay)/.test(key) ? [] : texts(v)))
        : [];

describe('landing defaults', () => {
  it('fit the schema the client reads', () => {
    expect(LandingSettingsSchema.safeParse(LANDING_DEFAULTS).success).toBe(true);
  });

  it('are lines of the dictionary, so translations apply to them', () => {
    expect(texts(LANDING_DEFAULTS).filter((line) => !(line in EN_LINES))).toEqual([]);
  });

  it('holds a FAQ item about 2 TB plans and higher', () => {
    expect(LANDING_DEFAULTS.faq.some((item) => /2 TB .*higher/.test(item.answer))).toBe(true);
  });
});

describe('checkSetting of landing', () => {
  it('accepts the defaults and an edited copy', () => {
    expect(settingTypeError('landing', LANDING_DEFAULTS)).toBeUndefined();
    const edited = { ...LANDING_DEFAULTS, about: { eyebrow: '', title: 'Who we are', body: 'We store files.' } };
    expect(settingTypeError('landing', edited)).toBeUndefined();
  });

  it('names the field of a value that does not fit', () => {
    expect(settingTypeError('landing', 'text')).toBe('landing takes an object, not a string');
    const hero = { ...LANDING_DEFAULTS.hero, cta: { label: 'Go', action: 'javascript:alert(1)' } };
    expect(settingTypeError('landing', { ...LANDING_DEFAULTS, hero })).toMatch(/^landing\.hero\.cta\.action: /);
    const features = [{ title: 'X', description: '', icon: 'rocket' }];
    expect(settingTypeError('landing', { ...LANDING_DEFAULTS, features })).toMatch(/^landing\.features\.0\.icon: /);
  });

  it('refuses images from other origins, which the page could not load', () => {
    const hero = { ...LANDING_DEFAULTS.hero, image_light: 'https://cdn.example/hero.png' };
    expect(settingTypeError('landing', { ...LANDING_DEFAULTS, hero })).toMatch(/^landing\.hero\.image_light: /);
  });

  it('refuses protocol-relative addresses', () => {
    const blog = [{ ...LANDING_DEFAULTS.blog[0], url: '//evil.example/x' }];
    expect(settingTypeError('landing', { ...LANDING_DEFAULTS, blog })).toMatch(/^landing\.blog\.0\.url: /);
  });
});
