import type { User } from '@kosh/contracts';

/** The three states of the two-factor section (part 1, 4). */
export type TwoFactorState = 'disabled' | 'pending' | 'enabled';

/**
 * Enabled when two_factor_confirmed_at is set; pending when recovery codes exist but it is
 * not confirmed; otherwise not enabled.
 */
export function twoFactorState(
  user: Pick<User, 'two_factor_confirmed_at' | 'two_factor_recovery_codes'>,
): TwoFactorState {
  if (user.two_factor_confirmed_at) return 'enabled';
  if (user.two_factor_recovery_codes?.length) return 'pending';
  return 'disabled';
}
