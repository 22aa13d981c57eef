import type { BootstrapData } from '@kosh/contracts';
import type { SocialAuthMessage } from './social-popup.ts';

export const SOCIAL_GENERIC_ERROR = 'An error occurred. Please try again later';

export type SocialOutcome =
  | { kind: 'signed-in'; bootstrapData: BootstrapData | string }
  | { kind: 'redirect' }
  | { kind: 'password' }
  | { kind: 'error'; message: string }
  | { kind: 'none' };

/**
 * What a popup result means (part 1, 4 "Social login result status"): SUCCESS applies the
 * bootstrap data, ALREADY_LOGGED_IN goes to the redirect address, REQUEST_PASSWORD opens the
 * password modal, ERROR shows its message or the generic one; no message is no result.
 */
export function socialOutcome(message: SocialAuthMessage | null): SocialOutcome {
  if (!message) return { kind: 'none' };
  const data = message.callbackData ?? {};
  switch (message.status) {
    case 'SUCCESS':
      return data.bootstrapData ? { kind: 'signed-in', bootstrapData: data.bootstrapData } : { kind: 'redirect' };
    case 'ALREADY_LOGGED_IN':
      return { kind: 'redirect' };
    case 'REQUEST_PASSWORD':
      return { kind: 'password' };
    default:
      return { kind: 'error', message: data.errorMessage || SOCIAL_GENERIC_ERROR };
  }
}
