import { describe, expect, it } from 'vitest';
import { globalShortcutOf, isTypingTarget, modKeyName, shortcutGroups } from './shortcuts.ts';

/** A stand-in for a DOM element: closest() answers the field it sits in (or null). */
const inside = (field: { tagName: string; type?: string } | null) => ({ closest: () => field }) as unknown as Element;
const press = (key: string, target: EventTarget | null = null, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target,
  ...extra,
});

describe('globalShortcutOf', () => {
  it('focuses search on / and opens the sheet on ?', () => {
    expect(globalShortcutOf(press('/', inside(null)))).toBe('search');
    expect(globalShortcutOf(press('?', inside(null)))).toBe('help');
    expect(globalShortcutOf(press('a', inside(null)))).toBeNull();
  });

  it('leaves the keys to a text field being typed in', () => {
    expect(globalShortcutOf(press('/', inside({ tagName: 'INPUT', type: 'text' })))).toBeNull();
    expect(globalShortcutOf(press('?', inside({ tagName: 'TEXTAREA' })))).toBeNull();
    expect(globalShortcutOf(press('?', inside({ tagName: 'DIV' })))).toBeNull();
  });

  it('still acts from a checkbox, and not with a modifier or once handled', () => {
    expect(globalShortcutOf(press('/', inside({ tagName: 'INPUT', type: 'checkbox' })))).toBe('search');
    expect(globalShortcutOf(press('/', inside(null), { ctrlKey: true }))).toBeNull();
    expect(globalShortcutOf(press('?', inside(null), { metaKey: true }))).toBeNull();
    expect(globalShortcutOf(press('/', inside(null), { defaultPrevented: true }))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is false for what is not an element', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({} as EventTarget)).toBe(false);
  });
});

describe('shortcutGroups', () => {
  it('lists the file view keys with the platform modifier', () => {
    const rows = shortcutGroups('⌘').flatMap((g) => g.shortcuts);
    expect(rows.find((r) => r.description === 'Select all')?.keys).toEqual([['⌘', 'A']]);
    expect(rows.find((r) => r.description === 'Rename')?.keys).toEqual([['F2']]);
    expect(modKeyName('MacIntel')).toBe('⌘');
    expect(modKeyName('Linux x86_64')).toBe('Ctrl');
  });
});
