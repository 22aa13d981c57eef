import { describe, expect, it } from 'vitest';
import { isDraftDirty, savedValues } from './useSettingsDraft.ts';

describe('savedValues', () => {
  it('reads only the given keys, copied', () => {
    const settings = { branding: { site_name: 'Kosh', favicon: '' }, landing: { faq: [{ question: 'Q' }] } };
    const saved = savedValues(settings, ['branding.site_name', 'landing']);
    expect(saved).toEqual({ 'branding.site_name': 'Kosh', landing: { faq: [{ question: 'Q' }] } });
    expect(saved.landing).not.toBe(settings.landing);
  });
});

describe('isDraftDirty', () => {
  it('compares by value', () => {
    expect(isDraftDirty({ a: { b: [1] } }, { a: { b: [1] } })).toBe(false);
    expect(isDraftDirty({ a: 'x' }, { a: 'y' })).toBe(true);
  });
});
