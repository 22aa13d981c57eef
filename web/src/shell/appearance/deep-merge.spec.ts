import { describe, expect, it } from 'vitest';
import { deepMerge } from './deep-merge.ts';

describe('deepMerge', () => {
  it('merges nested objects and replaces leaves and arrays', () => {
    const base = {
      branding: { site_name: 'Kosh', logo_dark: '' },
      menus: [1, 2],
      toast: { position: 'bottom-center' },
    };
    expect(deepMerge(base, { branding: { site_name: 'Drive' }, menus: [3] })).toEqual({
      branding: { site_name: 'Drive', logo_dark: '' },
      menus: [3],
      toast: { position: 'bottom-center' },
    });
  });

  it('ignores prototype keys', () => {
    const merged = deepMerge({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(merged).toEqual({ a: 1 });
  });
});
