import { describe, expect, it } from 'vitest';
import { AD_SNIPPET_MAX_BYTES, AdSlotsSettingSchema, utf8Length } from './ads.ts';

describe('utf8Length', () => {
  it('counts the bytes UTF-8 takes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });
});

describe('AdSlotsSettingSchema', () => {
  const slots = { landing_top: '', drive: '', link_page: '' };
  it('takes snippets up to the limit in bytes and no other slot', () => {
    expect(AdSlotsSettingSchema.safeParse({ ...slots, drive: 'x'.repeat(AD_SNIPPET_MAX_BYTES) }).success).toBe(true);
    expect(AdSlotsSettingSchema.safeParse({ ...slots, drive: 'é'.repeat(AD_SNIPPET_MAX_BYTES) }).success).toBe(false);
    expect(AdSlotsSettingSchema.safeParse({ ...slots, sidebar: '' }).success).toBe(false);
  });
});
