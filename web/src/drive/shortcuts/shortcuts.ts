import { ACTION_SHORTCUTS } from '../actions/entry-actions.ts';

/** One row of the shortcuts sheet: the keys (each a key cap; alternatives separated) and what they do. */
export type Shortcut = { keys: string[][]; description: string };
export type ShortcutGroup = { title: string; shortcuts: Shortcut[] };

/**
 * Every key the drive answers, as the sheet lists them: the file view's keys (useViewKeyboard.ts), the
 * previewer's, and the two global ones. `mod` is Ctrl, or ⌘ on a Mac.
 */
export function shortcutGroups(mod: string): ShortcutGroup[] {
  return [
    {
      title: 'General',
      shortcuts: [
        { keys: [['/']], description: 'Search files and folders' },
        { keys: [['?']], description: 'Show keyboard shortcuts' },
      ],
    },
    {
      title: 'Files and folders',
      shortcuts: [
        { keys: [['↑'], ['↓'], ['←'], ['→']], description: 'Move between items' },
        {
          keys: [
            ['Shift', '↑'],
            ['Shift', '↓'],
          ],
          description: 'Extend the selection',
        },
        {
          keys: [
            [mod, '↑'],
            [mod, '↓'],
          ],
          description: 'Move without selecting',
        },
        { keys: [['Home'], ['End']], description: 'First or last item' },
        { keys: [['Space']], description: 'Select or deselect the focused item' },
        { keys: [[mod, 'A']], description: 'Select all' },
        { keys: [['Esc']], description: 'Clear the selection' },
        { keys: [[ACTION_SHORTCUTS.open ?? 'Enter']], description: 'Open or preview' },
        { keys: [[ACTION_SHORTCUTS.rename ?? 'F2']], description: 'Rename' },
        { keys: [[ACTION_SHORTCUTS.trash ?? 'Delete'], ['⌘', 'Backspace']], description: 'Move to trash' },
        { keys: [['Shift', 'F10'], ['Menu']], description: 'Open the menu of the selection' },
      ],
    },
    {
      title: 'Preview',
      shortcuts: [
        { keys: [['←'], ['→']], description: 'Previous or next file' },
        { keys: [['Esc']], description: 'Close' },
      ],
    },
  ];
}

/** The modifier key's name on this platform. */
export const modKeyName = (platform: string): string => (/mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl');

const NOT_TYPED = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'];

/** Whether a key press lands where the user types text, so a plain key must not act as a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as Partial<Pick<Element, 'closest'>> | null;
  if (typeof element?.closest !== 'function') return false;
  const field = element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
  if (!field) return false;
  return field.tagName !== 'INPUT' || !NOT_TYPED.includes((field as HTMLInputElement).type);
}

/** The global shortcut a key press asks for: '/' focuses search, '?' opens the sheet; none with Ctrl, ⌘ or Alt. */
export function globalShortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  defaultPrevented: boolean;
}): 'search' | 'help' | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key !== '/' && event.key !== '?') return null;
  if (isTypingTarget(event.target)) return null;
  return event.key === '/' ? 'search' : 'help';
}
