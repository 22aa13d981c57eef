import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

const DEFAULT_WORDS = {
  title: 'Leave without saving?',
  body: 'Your changes to this page have not been saved.',
  stay: 'Stay',
  leave: 'Leave',
};

/**
 * Asks before leaving a form with unsaved changes: another page of the app (a dialog), or closing
 * and reloading the tab (the browser's own prompt). Changing only the query (a tab) never asks.
 * `allowNextNavigation` lets a save navigate away at once. `words` rewords the question for a screen.
 */
export function useUnsavedChangesGuard(
  isDirty: boolean,
  words: Partial<typeof DEFAULT_WORDS> = {},
  /** Paths between which the form stays mounted (its sub-screens): moving there never asks. */
  keepsForm?: (from: string, to: string) => boolean,
) {
  const { title, body, stay, leave } = { ...DEFAULT_WORDS, ...words };
  const { trans } = useTrans();
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // A save let this one navigation through (a new role opening its edit page).
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    if (keepsForm?.(currentLocation.pathname, nextLocation.pathname)) return false;
    return isDirty && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const dialog = (
    <Dialog
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={trans(title)}
      role="alertdialog"
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={() => blocker.reset?.()} autoFocus>
            {trans(stay)}
          </Button>
          <Button variant="danger" onPress={() => blocker.proceed?.()}>
            {trans(leave)}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{trans(body)}</p>
    </Dialog>
  );
  return {
    dialog,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
