import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * Asks before leaving a form with unsaved changes: another page of the app (a dialog), or closing
 * and reloading the tab (the browser's own prompt). Changing only the query (a tab) never asks.
 * `allowNextNavigation` lets a save navigate away at once.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const { trans } = useTrans();
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // A save let this one navigation through (a new role opening its edit page).
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
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
      title={trans('Leave without saving?')}
      role="alertdialog"
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={() => blocker.reset?.()} autoFocus>
            {trans('Stay')}
          </Button>
          <Button variant="danger" onPress={() => blocker.proceed?.()}>
            {trans('Leave')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{trans('Your changes to this page have not been saved.')}</p>
    </Dialog>
  );
  return {
    dialog,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
