import { useCallback, useRef, useState } from 'react';
import { accountApi } from '../../api/account.api.ts';
import { isApiError } from '../../api/api-error.ts';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog.tsx';

/** The server's answer to a sensitive action without a recent password confirmation (a 423). */
export function isPasswordConfirmationRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'password_confirmation_required';
}

/**
 * Runs a sensitive action (two-factor changes, logging out other sessions, account deletion;
 * part 1, 6) once the password is confirmed: at once when this session confirmed it within
 * 9000 s, otherwise after the confirm-password dialog. Render `dialog` once.
 */
export function usePasswordConfirmation() {
  const [isOpen, setOpen] = useState(false);
  const pending = useRef<(() => void) | null>(null);

  const withConfirmation = useCallback(async (action: () => void) => {
    const status = await accountApi.passwordConfirmationStatus().catch(() => ({ confirmed: false }));
    if (status.confirmed) {
      action();
      return;
    }
    pending.current = action;
    setOpen(true);
  }, []);

  /** Asks again for an action the server refused (the confirmation ran out meanwhile). */
  const askAgain = useCallback((action: () => void) => {
    pending.current = action;
    setOpen(true);
  }, []);

  const dialog = (
    <ConfirmPasswordDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      onConfirmed={() => {
        const action = pending.current;
        pending.current = null;
        action?.();
      }}
    />
  );

  return { withConfirmation, askAgain, dialog };
}
