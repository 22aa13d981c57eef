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
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onSearch, onHelp]);
}
