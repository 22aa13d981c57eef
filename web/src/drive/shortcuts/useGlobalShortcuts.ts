import { useEffect } from 'react';
import { globalShortcutOf } from './shortcuts.ts';

/** '/' and '?' anywhere in the drive, unless the user is typing in a field or a dialog is open. */
export function useGlobalShortcuts({ onSearch, onHelp }: { onSearch: () => void; onHelp: () => void }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = globalShortcutOf(event);
      // A modal (a dialog, the previewer) owns the keyboard while it is open.
      if (!shortcut || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      if (shortcut === 'search') onSearch();
      else onHelp();
    };
    // In the capture phase: the file view's type-to-select would otherwise take '/' and '?' as a name's start.
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [onSearch, onHelp]);
}
