import { showDevError } from '../shell/errors/dev-error-store.ts';
import { trans } from '../shell/i18n/useTrans.tsx';
import { toast, type ToastAction } from '../ui/toast/toast-store.ts';
import { isApiError } from './api-error.ts';

export const DEFAULT_ERROR_MESSAGE = 'There was an issue. Please try again.';

function toastAction(action: unknown): ToastAction | undefined {
  if (!action || typeof action !== 'object') return undefined;
  const { label, action: target } = action as { label?: unknown; action?: unknown };
  return typeof label === 'string' && typeof target === 'string' ? { label, action: target } : undefined;
}

/**
 * The general handler of part 1 section 8: a debug trace opens the developer dialog;
 * otherwise a danger toast with the server's message, or the default one.
 */
export function showHttpErrorToast(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): void {
  if (isApiError(error) && error.debug) {
    showDevError(error.debug);
    return;
  }
  const message = isApiError(error) ? error.displayMessage : undefined;
  toast.danger(message ?? trans(fallback), { action: isApiError(error) ? toastAction(error.action) : undefined });
}
