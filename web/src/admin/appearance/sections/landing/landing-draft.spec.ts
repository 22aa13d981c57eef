import { describe, expect, it } from 'vitest';
import { LandingSettingsSchema } from '@kosh/contracts';
import { getIn, moveItem, newLandingItem, setIn } from './landing-draft.ts';

describe('setIn and getIn', () => {
  it('replace a nested value without touching the original', () => {
    const root = { hero: { cta: { label: 'Go', action: '/' } }, features: [{ title: 'A' }, { title: 'B' }] };
    const next = setIn(root, 'hero.cta.label', 'Start');
    expect(next.hero.cta).toEqual({ label: 'Start', action: '/' });
    expect(root.hero.cta.label).toBe('Go');
    const listed = setIn(root, 'features.1.title', 'C');
    expect(listed.features).toEqual([{ title: 'A' }, { title: 'C' }]);
    expect(Array.isArray(listed.features)).toBe(true);
    expect(getIn(listed, 'features.1.title')).toBe('C');
    expect(getIn(listed, 'hero.missing.deep')).toBe('');
  });
});

describe('moveItem', () => {
  it('moves up and down, and leaves out-of-range moves', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('newLandingItem', () => {
  it('gives items of the contract shape', () => {
    const item = LandingSettingsSchema.shape.features.element.safeParse({ ...newLandingItem('features'), title: 'X' });
    expect(item.success).toBe(true);
    const teaser = LandingSettingsSchema.shape.blog.element.safeParse({ ...newLandingItem('blog'), title: 'X' });
    expect(teaser.success).toBe(true);
  });
});
