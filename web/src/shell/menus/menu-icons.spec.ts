import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '@kosh/contracts/admin-appearance';
import { MENU_ICON_COMPONENTS, menuIcon } from './menu-icons.ts';

describe('menuIcon', () => {
  it('has a component for every icon a menu item may carry', () => {
    for (const name of MENU_ICONS) expect(menuIcon(name)).toBe(MENU_ICON_COMPONENTS[name]);
  });
  it('has none for a missing or unknown name', () => {
    expect(menuIcon(undefined)).toBeUndefined();
    expect(menuIcon('rocket')).toBeUndefined();
  });
});
