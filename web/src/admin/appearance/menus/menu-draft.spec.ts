import { describe, expect, it } from 'vitest';
import { menuBody, moveItem, newMenuItem, reorderByKeys, settingsChoice, settingsFromChoice } from './menu-draft.ts';

const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('menu-draft', () => {
  describe('moveItem', () => {
    it('moves an item down and up', () => {
      expect(moveItem(items, 0, 1).map((i) => i.id)).toEqual(['b', 'a', 'c']);
      expect(moveItem(items, 2, 0).map((i) => i.id)).toEqual(['c', 'a', 'b']);
    });
    it('leaves the list alone for a move past either end', () => {
      expect(moveItem(items, 0, -1).map((i) => i.id)).toEqual(['a', 'b', 'c']);
      expect(moveItem(items, 2, 3).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    });
  });

  describe('reorderByKeys', () => {
    it('drops an item before or after the target', () => {
      expect(reorderByKeys(items, new Set(['c']), 'a', 'before').map((i) => i.id)).toEqual(['c', 'a', 'b']);
      expect(reorderByKeys(items, new Set(['a']), 'b', 'after').map((i) => i.id)).toEqual(['b', 'a', 'c']);
    });
  });

  describe('settings condition', () => {
    it('round-trips a choice', () => {
      expect(settingsChoice({ 'billing.enable': true })).toBe('billing.enable:true');
      expect(settingsFromChoice('billing.enable:false')).toEqual({ 'billing.enable': false });
      expect(settingsChoice({})).toBe('none');
      expect(settingsFromChoice('none')).toEqual({});
    });
  });

  describe('menuBody', () => {
    it('keeps conditions and leaves out empty optionals', () => {
      const item = { ...newMenuItem('x'), permissions: ['admin.access'], subscriptionStatus: '' };
      expect(menuBody({ name: 'Menu', positions: ['drive-sidebar'], items: [item] })).toEqual({
        name: 'Menu',
        positions: ['drive-sidebar'],
        items: [
          {
            id: 'x',
            label: 'New item',
            action: '/drive',
            type: 'route',
            roles: [],
            permissions: ['admin.access'],
            settings: {},
          },
        ],
      });
    });
  });
});
